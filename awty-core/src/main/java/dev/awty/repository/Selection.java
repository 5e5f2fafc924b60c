package dev.awty.repository;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;

/**
 * A selection of rows of one event type, refined by joins and predicates; immutable, so each refinement
 * returns a new selection. In SQL text the scheduled table is the alias {@code e}; values are always
 * named parameters ({@code :albumId}) bound with {@link #param}, never concatenated.
 * <pre>{@code
 * repositories.select(ScheduledPurchase.class)
 *     .join("purchase", "p", "p.id = e.purchase_id")
 *     .where("p.album_id = :albumId").param("albumId", albumId)
 *     .rescheduleTo(newReleaseAt);
 * }</pre>
 * Reads and counts see {@code PENDING} rows unless {@link #withStatus} says otherwise; writes change only
 * {@code PENDING} rows ({@code FAILED} ones for {@link #retry()}) that no instance is delivering at that
 * moment, and report the others as in flight; the one exception is {@link #cancel()} of a type with a handler,
 * which stops a running handler. Every write is one SQL statement in the caller's
 * transaction, if any; a reschedule (a new due time) bumps the row's {@code version}, so the message of
 * the new time has a new {@code awty_event_id}, while {@link #deliverNow()} and {@link #retry()} keep it: they
 * deliver the same occurrence again, which a consumer that de-duplicates may already have. With JPA, every read
 * and write first flushes the entity managers bound to the caller's transaction, so joins see its unflushed
 * changes. A database error (such as an unknown column in a predicate)
 * is thrown as an {@link dev.awty.AwtyException} naming the type.
 */
public interface Selection<T extends ScheduledEntity> {

	/**
	 * Joins a domain table.
	 * @param table a table name (letters, digits, underscores, optionally schema-qualified)
	 * @param alias its alias in predicates; not {@code e}
	 * @param on the join condition, e.g. {@code p.id = e.purchase_id}
	 */
	Selection<T> join(String table, String alias, String on);

	/** Adds a predicate, combined with the others by {@code AND}. */
	Selection<T> where(String predicate);

	/** Binds a named parameter used in a predicate or join condition. */
	Selection<T> param(String name, @Nullable Object value);

	/** Reads and counts rows with these statuses instead of {@code PENDING}. */
	Selection<T> withStatus(EventStatus... statuses);

	/** The selected rows, earliest due first, at most {@code limit}; empty when none matches. */
	List<T> list(int limit);

	/** One page of the selected rows, earliest due first. */
	List<T> page(int offset, int limit);

	/**
	 * The selected rows with the highest ids (the most recently scheduled) first, at most {@code limit}; empty when
	 * none matches. Unlike {@link #list(int)} it reads along the primary key and stops after {@code limit} rows, so
	 * it stays cheap on statuses no index orders by due time, such as millions of {@code DELIVERED} rows.
	 */
	List<T> newest(int limit);

	long count();

	/**
	 * Moves pending rows to {@code dueAt}; a time in the past makes them due at once.
	 * @throws IllegalArgumentException if {@code dueAt} is null, after 9999-12-31 or before the year 1000 (the
	 * range every supported database stores)
	 */
	ChangeResult rescheduleTo(Instant dueAt);

	/**
	 * Moves pending rows by exactly {@code offset}, to the microsecond (negative moves them earlier, and wakes the
	 * pollers, as the rows may now be due sooner than they expect).
	 * @throws IllegalArgumentException if {@code offset} is null or longer than 36,525 days (100 years) either way
	 */
	ChangeResult shiftBy(Duration offset);

	/** Makes pending rows due now, keeping their {@code awty_event_id}. */
	ChangeResult deliverNow();

	/**
	 * Cancels pending rows: they become {@code CANCELLED} and are never delivered.
	 * <p>
	 * For a type with an {@link dev.awty.handler.EventHandler}, rows whose handler is running (claimed by an
	 * instance) are cancelled too, and none is reported in flight: the handler call is interrupted as its timeout
	 * would, once this cancel commits on this instance, and within one lease heartbeat (a third of the lease) on
	 * another. Its outcome and whatever it published are dropped, and the row is never claimed again. A handler
	 * that ignores the interrupt runs on until it returns, holding its thread, with no effect on the row.
	 */
	ChangeResult cancel();

	/** Gives {@code FAILED} rows a new start: {@code PENDING}, due now, attempts reset, {@code awty_event_id} kept. */
	ChangeResult retry();

}
