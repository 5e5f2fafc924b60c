package dev.awty.jpa;

import java.time.Instant;

import org.springframework.data.jpa.domain.Specification;
import org.springframework.transaction.annotation.Transactional;

import dev.awty.ScheduledEntity;
import dev.awty.repository.ChangeResult;

/**
 * A Spring Data repository fragment for an event type that is also a JPA {@code @Entity}: extend it beside
 * {@code JpaRepository} and select rows with a {@link Specification}, joins included.
 * <pre>{@code
 * interface Reminders extends JpaRepository<ScheduledInvoiceReminder, Long>,
 *         ScheduledEvents<ScheduledInvoiceReminder> {
 * }
 *
 * reminders.rescheduleTo((reminder, query, cb) -> cb.equal(reminder.join("invoice").get("customer"), customer),
 *         newTime);
 * }</pre>
 * Each write has the guarantees of {@link dev.awty.repository.Selection}: it is one {@code UPDATE} of the
 * selected rows ({@code WHERE id IN (SELECT id … WHERE <specification>)}), in the caller's transaction or a
 * new one; it changes only {@code PENDING} rows ({@code FAILED} ones for {@link #retry}) that no instance is
 * delivering at that moment and reports the others as in flight; {@link #rescheduleTo} bumps the row's
 * {@code version}, so the message of the new time has a new {@code awty_event_id}, while {@link #deliverNow}
 * and {@link #retry} keep it (the same occurrence, delivered again). The persistence
 * context is flushed first, and managed instances of the type are refreshed afterwards, so that the
 * repository never hands back a row as it was before the write.
 * <p>
 * A hand-written {@code @Modifying @Query} bypasses these guarantees unless it repeats them: it must
 * restrict to {@code e.status = PENDING} and {@code (e.claimedUntil IS NULL OR e.claimedUntil < now)} (on
 * MySQL and MariaDB "now" is {@code UTC_TIMESTAMP()}), set {@code claimedBy = NULL}, add 1 to
 * {@code version} when it moves {@code dueAt}, use {@code clearAutomatically = true}, and it will not wake
 * the pollers early. Prefer these methods.
 */
public interface ScheduledEvents<T extends ScheduledEntity> {

	/**
	 * Moves the selected pending rows to {@code dueAt}; a time in the past makes them due at once.
	 * @throws IllegalArgumentException if an argument is null
	 */
	@Transactional
	ChangeResult rescheduleTo(Specification<T> specification, Instant dueAt);

	/** Makes the selected pending rows due now. */
	@Transactional
	ChangeResult deliverNow(Specification<T> specification);

	/** Cancels the selected pending rows: they become {@code CANCELLED} and are never delivered. */
	@Transactional
	ChangeResult cancel(Specification<T> specification);

	/** Gives the selected {@code FAILED} rows a new start: {@code PENDING}, due now, attempts reset. */
	@Transactional
	ChangeResult retry(Specification<T> specification);

}
