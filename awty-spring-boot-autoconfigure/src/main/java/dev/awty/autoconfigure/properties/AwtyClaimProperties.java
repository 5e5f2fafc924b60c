package dev.awty.autoconfigure.properties;

import java.time.Duration;

import dev.awty.ClaimMode;

/**
 * How instances claim due rows, under {@code awty.claim.*}; a type may override both under
 * {@code awty.types.<name>.claim.*}.
 */
public class AwtyClaimProperties {

	/**
	 * How instances share the due rows of a type: leader (one instance polls a type at a time, under a
	 * lock) or skip-locked (every instance claims batches of its own).
	 */
	private ClaimMode mode = ClaimMode.LEADER;

	/**
	 * How long a claim holds a row unless extended; a live instance extends it every third of it while it
	 * works on the row, and a dead instance's rows become claimable again after it.
	 */
	private Duration lease = Duration.ofSeconds(30);

	public ClaimMode getMode() {
		return this.mode;
	}

	public void setMode(ClaimMode mode) {
		this.mode = mode;
	}

	public Duration getLease() {
		return this.lease;
	}

	public void setLease(Duration lease) {
		this.lease = lease;
	}

}
