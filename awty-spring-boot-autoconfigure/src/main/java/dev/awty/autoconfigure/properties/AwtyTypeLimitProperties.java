package dev.awty.autoconfigure.properties;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Limits on one type that hold for all instances together, under {@code awty.types.<name>.limit.*}. Claims of a
 * limited type take turns through a row of the type in {@code awty_type_limit}.
 */
public class AwtyTypeLimitProperties {

	/**
	 * Most rows of this type delivered per rate-period by all instances together, retries included; no rate limit
	 * when unset.
	 */
	private @Nullable Integer rate;

	/**
	 * Period of the rate limit: at most 'rate' rows per period, and at most 'rate' at once after an idle spell.
	 */
	private Duration ratePeriod = Duration.ofSeconds(1);

	/**
	 * Property of the event class (or its column) whose value has at most one row in flight at a time across all
	 * instances, such as customerId; rows with a null key are not limited. Index the column. No key limit when unset.
	 */
	private @Nullable String key;

	public @Nullable Integer getRate() {
		return this.rate;
	}

	public void setRate(@Nullable Integer rate) {
		this.rate = rate;
	}

	public Duration getRatePeriod() {
		return this.ratePeriod;
	}

	public void setRatePeriod(Duration ratePeriod) {
		this.ratePeriod = ratePeriod;
	}

	public @Nullable String getKey() {
		return this.key;
	}

	public void setKey(@Nullable String key) {
		this.key = key;
	}

}
