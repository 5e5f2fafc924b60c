package dev.awty.internal.wakeup;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Rounds due times written through the API up to the next boundary of the type's slot ({@code resolution}),
 * counted from the epoch, so that rows due within one slot are delivered together. Types without a
 * resolution keep their due times as given.
 */
public final class DueTimeSlots {

	private final Map<String, Duration> resolutions;

	public DueTimeSlots(Map<String, Duration> resolutions) {
		this.resolutions = Map.copyOf(resolutions);
	}

	/** The latest due time: every supported database stores timestamps up to the end of year 9999. */
	static final Instant LATEST_DUE_AT = Instant.parse("9999-12-31T00:00:00Z");

	/** The earliest due time: MySQL's DATETIME starts at year 1000 (any past time means "due now" anyway). */
	static final Instant EARLIEST_DUE_AT = Instant.parse("1000-01-01T00:00:00Z");

	/**
	 * @throws IllegalArgumentException if {@code dueAt} is after {@link #LATEST_DUE_AT} or before
	 * {@link #EARLIEST_DUE_AT}
	 */
	public Instant roundUp(String typeName, Instant dueAt) {
		if (dueAt.isAfter(LATEST_DUE_AT)) {
			throw new IllegalArgumentException("The due time " + dueAt + " of a row of type '" + typeName
					+ "' is after " + LATEST_DUE_AT + ", the latest the databases store");
		}
		if (dueAt.isBefore(EARLIEST_DUE_AT)) {
			throw new IllegalArgumentException("The due time " + dueAt + " of a row of type '" + typeName
					+ "' is before " + EARLIEST_DUE_AT + ", the earliest every database stores; a time in the past is"
					+ " due at once, so any recent past time (or deliverNow) does what this one would");
		}
		Duration resolution = this.resolutions.get(typeName);
		if (resolution == null) {
			return dueAt;
		}
		long slotMillis = resolution.toMillis();
		long millis = dueAt.toEpochMilli();
		boolean onBoundary = Math.floorMod(millis, slotMillis) == 0 && dueAt.getNano() % 1_000_000 == 0;
		return onBoundary ? dueAt : Instant.ofEpochMilli(Math.floorDiv(millis, slotMillis) * slotMillis + slotMillis);
	}

}
