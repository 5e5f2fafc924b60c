package dev.awty.recurring;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * Creates, reads, changes and deletes recurring schedules in the starter's {@code awty_schedule} table. Each
 * occurrence of a schedule is published once to its channel, with the headers of {@link RecurringHeaders}.
 * <p>
 * Every method validates its input and stores nothing when it throws. A change to a schedule whose occurrence is
 * being published right now waits for that publish to finish (briefly), so that once the change returns no
 * occurrence of the older version is published. Occurrences are computed with the database's clock.
 */
public interface RecurringSchedules {

	/**
	 * Stores a new schedule at version 1; its first occurrence is computed from now.
	 * @throws DuplicateScheduleException if the id is taken
	 * @throws InvalidScheduleException naming the field if the definition is invalid
	 */
	RecurringSchedule create(ScheduleDefinition definition);

	/**
	 * Stores many schedules in one transaction: all or none.
	 * @return how many were created
	 * @throws DuplicateScheduleException naming the first id that is taken or given twice
	 * @throws InvalidScheduleException naming the id and field of the first invalid definition
	 */
	int createAll(List<ScheduleDefinition> definitions);

	/** The schedule with this id; empty when there is none. */
	Optional<RecurringSchedule> get(String id);

	/**
	 * A page of schedules whose id starts with {@code idPrefix}, ordered by id.
	 * @param idPrefix an empty text lists all
	 * @param afterId the last id of the previous page; {@code null} for the first page
	 * @param limit at most this many (1 to 1000)
	 * @return an empty list when there are no more
	 */
	List<RecurringSchedule> list(String idPrefix, @Nullable String afterId, int limit);

	/** How many schedules have an id starting with {@code idPrefix}. */
	long count(String idPrefix);

	/**
	 * Replaces the definition of an existing schedule and bumps its version. The next occurrence is kept when the
	 * expression and time zone stay the same, otherwise computed afresh from now.
	 * @throws ScheduleNotFoundException if there is no schedule with the definition's id
	 * @throws InvalidScheduleException naming the field if the definition is invalid
	 */
	RecurringSchedule update(ScheduleDefinition definition);

	/**
	 * Deletes a schedule; no occurrence of it is published once this returns.
	 * @return whether it existed
	 */
	boolean delete(String id);

	/**
	 * Stops a schedule from firing, keeping it stored; bumps its version.
	 * @throws ScheduleNotFoundException if there is none
	 */
	RecurringSchedule pause(String id);

	/**
	 * Lets a paused schedule fire again, from the first occurrence after now (occurrences while paused are not
	 * caught up); bumps its version.
	 * @throws ScheduleNotFoundException if there is none
	 */
	RecurringSchedule resume(String id);

	/**
	 * Publishes one extra occurrence of the schedule now, outside its expression, even while it is paused: its
	 * payload to its channel, with an event id of its own ({@code recurring:<id>-now-<epoch millisecond>}, which no
	 * occurrence of the expression has) and the schedule's version in {@code awty_schedule_version}, recorded in the
	 * history like the others. The schedule itself is not changed. Blocks until the channel accepted the message.
	 * Its history and audit entries are written in a transaction of their own, after the publish, so a caller's
	 * transaction that rolls back afterwards keeps them, as the message is out.
	 * @return the event id of the occurrence published
	 * @throws ScheduleNotFoundException if there is none
	 * @throws dev.awty.AwtyException if it could not be published (it is not tried again)
	 */
	String fireNow(String id);

	/**
	 * The next {@code count} times the schedule fires, earliest first, from its next occurrence as stored: computed,
	 * nothing is changed. Fewer when its expression has no more (an {@code @at}, a cron with no later match); empty
	 * when it has no next occurrence (completed, or paused: a resume fires from the first occurrence after then).
	 * @param count how many, 1 to 100
	 * @throws ScheduleNotFoundException if there is none
	 * @throws InvalidScheduleException naming the field {@code count} if it is not between 1 and 100
	 */
	List<Instant> nextFireTimes(String id, int count);

	/**
	 * Every version of the schedule's definition, newest (its current one) first: the one it was created with, and
	 * one more for each update, pause and resume, each with the time it was made (by the database's clock). A change
	 * keeps the version it supersedes in its transaction, and a delete deletes them all. A schedule created before awty
	 * kept versions, or changed by hand in the table, lists its current version and those kept through this service.
	 * @throws ScheduleNotFoundException if there is no schedule with this id
	 * @throws InvalidScheduleException naming the field {@code id} if the id is empty
	 */
	List<ScheduleVersion> versions(String id);

}
