package dev.awty.recurring;

import java.util.Locale;

/**
 * What a schedule publishes for the occurrences it missed while the service was down or lagging. A schedule's
 * deadline, when it has one, applies first under every policy: an occurrence later than the deadline is dropped.
 */
public enum MisfirePolicy {

	/** One catch-up message for the earliest missed occurrence, then continue with the first occurrence after now. */
	FIRE_ONCE,

	/** Every missed occurrence, oldest first, at most {@code awty.recurring.max-catch-up}; then continue after now. */
	FIRE_ALL,

	/**
	 * No catch-up: an occurrence whose successor is already due is dropped. With a deadline, the occurrences not
	 * later than the deadline are published and the older ones dropped.
	 */
	SKIP;

	/** The name used in JSON and properties, e.g. {@code fire-once}. */
	public String value() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/**
	 * Reads {@code fire-once}, {@code fire-all} or {@code skip} (any case, dashes or underscores).
	 * @throws InvalidScheduleException naming the field {@code misfirePolicy} for any other text
	 */
	public static MisfirePolicy of(String text) {
		String normalized = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
		for (MisfirePolicy policy : values()) {
			if (policy.name().equals(normalized)) {
				return policy;
			}
		}
		throw new InvalidScheduleException("misfirePolicy",
				"Unknown misfire policy '" + text + "'; use fire-once, fire-all or skip");
	}

}
