package dev.awty.handler;

import dev.awty.ScheduledEntity;

/**
 * Decides what a due row of event type {@code T} does. Declare one as a bean; awty finds it by its type
 * argument at start-up. A type has at most one handler; a type without one keeps the default behaviour
 * (publish one message with the row as payload to the type's channel and finish).
 * <p>
 * The handler runs on a delivery thread while the row is claimed, so it should be quick: it is interrupted
 * and counted as a failed attempt (retried with backoff) after {@code awty.types.<name>.handler-timeout}.
 * Messages it publishes through the {@link HandlerContext} are sent only after it returns, and the row is
 * updated after they are; a crash in between runs the same check again, with the same event ids.
 * <p>
 * Throwing an exception counts as a failed attempt: the row is retried with backoff until
 * {@code max-attempts}, then becomes {@code FAILED} with the exception's message in {@code last_error}.
 *
 * @param <T> the event type, a {@code @ScheduledEvent} class
 */
@FunctionalInterface
public interface EventHandler<T extends ScheduledEntity> {

	/**
	 * Looks at a due row and says what happens to it.
	 * @param row the claimed row, as it is stored
	 * @param context publishes messages and tells how many checks came before this one
	 * @return what happens to the row; never {@code null}
	 */
	HandlerOutcome handle(T row, HandlerContext context);

	/**
	 * Whether this handler may return {@link HandlerOutcome#checkAgainAt}. Types whose handler may check again
	 * need the columns {@code first_check_at} and {@code check_count}, validated at start-up; a handler that
	 * returns {@code false} here needs neither, and asking to check again fails its row.
	 */
	default boolean checksAgain() {
		return true;
	}

}
