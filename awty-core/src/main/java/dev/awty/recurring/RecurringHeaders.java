package dev.awty.recurring;

/**
 * Headers set on every occurrence of a recurring schedule, besides {@link dev.awty.AwtyHeaders#EVENT_ID}, which is
 * {@code recurring:<scheduleId>-<epoch second of the occurrence>}: the same for every retry of one occurrence, so
 * consumers de-duplicate on it. The {@code recurring:} prefix keeps it apart from the event ids of types, which start
 * with the type's name.
 */
public final class RecurringHeaders {

	/** The schedule's id. */
	public static final String SCHEDULE_ID = "awty_schedule_id";

	/** The occurrence instant (an {@link java.time.Instant}), not the wall-clock time of delivery. */
	public static final String GENERATED_AT = "awty_generated_at";

	/** The version of the schedule the occurrence was computed from. */
	public static final String SCHEDULE_VERSION = "awty_schedule_version";

	/** The value of {@link dev.awty.AwtyHeaders#TYPE} on occurrences. */
	public static final String TYPE_VALUE = "awty_recurring";

	private RecurringHeaders() {
	}

}
