package dev.awty.autoconfigure.properties;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import dev.awty.ClaimMode;

/**
 * How one type's rows are claimed, under {@code awty.types.<name>.claim.*}.
 */
public class AwtyTypeClaimProperties {

	/**
	 * Claim mode of this type; defaults to awty.claim.mode.
	 */
	private @Nullable ClaimMode mode;

	/**
	 * Claim lease of this type; defaults to awty.claim.lease.
	 */
	private @Nullable Duration lease;

	public @Nullable ClaimMode getMode() {
		return this.mode;
	}

	public void setMode(@Nullable ClaimMode mode) {
		this.mode = mode;
	}

	public @Nullable Duration getLease() {
		return this.lease;
	}

	public void setLease(@Nullable Duration lease) {
		this.lease = lease;
	}

}
