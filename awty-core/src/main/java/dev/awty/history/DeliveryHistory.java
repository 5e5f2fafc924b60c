package dev.awty.history;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Answers an operator's questions from {@code awty_delivery_log}. Time ranges include {@code from} and
 * exclude {@code to}, and compare with {@code finished_at}, which the database's clock wrote. The table is indexed only
 * for these queries, as it is written on the delivery path (docs/history.md, "Indexes"): a row's history, a schedule's
 * entries and the failures of a period read an index; a period's entries of every outcome ({@link #find} without an
 * outcome, {@link #countsByDay}) read that period's daily partitions whole on PostgreSQL.
 * <p>
 * Occurrences of recurring schedules are recorded under the type {@code awty_recurring}
 * ({@link dev.awty.recurring.RecurringHeaders#TYPE_VALUE}), with {@code awty.history.mode}, and kept for
 * {@code awty.history.retention} like the rows of event types: {@link #find}, {@link #failures} and
 * {@link #recent} answer for them too, and {@link #forSchedule} reads one schedule's.
 * <p>
 * An empty result means no entry matched (or history is off for the type: {@code awty.types.<t>.history}).
 * Invalid arguments (blank type, {@code to} not after {@code from}, a limit below 1) throw
 * {@link IllegalArgumentException} naming the argument.
 */
public interface DeliveryHistory {

	/** The most entries one call returns. */
	int MAX_LIMIT = 10_000;

	/**
	 * Entries of {@code type} finished in {@code [from, to)}, earliest first.
	 * @param outcome only entries with this outcome, or all when {@code null}
	 * @param limit the most entries to return, at most {@link #MAX_LIMIT}
	 */
	List<DeliveryRecord> find(String type, @Nullable DeliveryOutcome outcome, Instant from, Instant to, int limit);

	/** Rows of {@code type} that became {@code FAILED} in {@code [from, to)}: "what failed yesterday". */
	default List<DeliveryRecord> failures(String type, Instant from, Instant to, int limit) {
		return find(type, DeliveryOutcome.FAILED, from, to, limit);
	}

	/**
	 * Entries of {@code type} with {@code outcome} finished within {@code period} before the database's now, newest
	 * first: "what failed in the last day".
	 * @param period how far back to look, positive; the longer, the more entries are read to find the newest
	 * @param limit the most entries to return, at most {@link #MAX_LIMIT}
	 */
	List<DeliveryRecord> recent(String type, DeliveryOutcome outcome, Duration period, int limit);

	/** Everything recorded about one row, earliest first. */
	List<DeliveryRecord> ofRow(String type, long rowId);

	/**
	 * The newest entries of the occurrences of one recurring schedule, newest first: each occurrence published, and
	 * each failed attempt to publish one (outcome {@code RETRY}, as the schedule is tried again). Entries stay after the
	 * schedule is deleted, until the retention removes them.
	 * @param scheduleId the schedule's id (at most 200 characters)
	 * @param limit the most entries to return, at most {@link #MAX_LIMIT}
	 */
	List<DeliveryRecord> forSchedule(String scheduleId, int limit);

	/**
	 * Counts of entries of {@code type} by outcome for each UTC day from {@code firstDay} to {@code lastDay}
	 * inclusive (at most 366 days), days in order; a day and outcome without entries is left out.
	 */
	List<OutcomeCount> countsByDay(String type, LocalDate firstDay, LocalDate lastDay);

}
