package dev.awty;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Schedules rows of event types and reads them back.
 * <p>
 * Every call runs on the connection of the caller's Spring-managed transaction when there is one, so a
 * row scheduled inside a {@code @Transactional} method commits or rolls back with the domain change.
 * Without a transaction each call commits on its own. A due time in the past makes the row due at once.
 * With JPA, each call first flushes the entity managers bound to the caller's transaction, so that a row
 * just passed to {@code save} (whatever its id strategy) is in the database for the event's foreign key.
 */
public interface EventScheduler {

	/**
	 * Inserts one {@code PENDING} row for {@code event} due at {@code dueAt}.
	 * @return the generated row id
	 * @throws IllegalArgumentException if an argument is null or the class is not a known event type
	 */
	<T extends ScheduledEntity> long schedule(T event, Instant dueAt);

	/**
	 * Inserts one {@code PENDING} row per event, all due at {@code dueAt}, in JDBC batches.
	 * @return the number of rows inserted; 0 for an empty collection
	 * @throws IllegalArgumentException if an argument is null or the events are not all of one known event type
	 */
	<T extends ScheduledEntity> int scheduleAll(Collection<T> events, Instant dueAt);

	/**
	 * Schedules {@code event}, or moves the pending row whose {@code keyProperty} has the same value to
	 * {@code dueAt}: the latest schedule for that key wins, and a moved row gets a new version. Concurrent
	 * calls for one key leave one pending row only if the table has a unique index on the key column for
	 * pending rows (on PostgreSQL {@code CREATE UNIQUE INDEX … ON scheduled_x (key_column) WHERE status =
	 * 'PENDING'}); without it they may insert one row each.
	 * @param keyProperty the name of a field of the event class, e.g. {@code "purchaseId"}
	 * @throws IllegalArgumentException if an argument is null or {@code keyProperty} names no field of the class
	 */
	<T extends ScheduledEntity> ScheduleResult scheduleOrMove(T event, Instant dueAt, String keyProperty);

	/**
	 * Reads one row of any status.
	 * @return the row, or empty if no row has that id
	 */
	<T extends ScheduledEntity> Optional<T> find(Class<T> type, long id);

	/**
	 * Lists the {@code PENDING} rows of a type, earliest due first.
	 * @param limit the maximum number of rows, at least 1
	 * @return the rows; empty when none is pending
	 */
	<T extends ScheduledEntity> List<T> listPending(Class<T> type, int limit);

}
