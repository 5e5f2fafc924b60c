package dev.awty;

/**
 * What {@link EventScheduler#scheduleOrMove} did.
 *
 * @param outcome whether a row was inserted, moved, or left alone because it was being delivered
 * @param id the row inserted, moved or in flight
 */
public record ScheduleResult(Outcome outcome, long id) {

	public enum Outcome {

		/** No pending row had the key: a new row was inserted. */
		SCHEDULED,

		/** The pending row with the key now has the new due time and a new version. */
		MOVED,

		/** The pending row with the key is being delivered at its old time right now; nothing changed. */
		IN_FLIGHT

	}

}
