package dev.awty.internal.pipeline;

import java.time.Duration;

/**
 * Tells a {@link PollLoop} whether its source is paused by an operator. The loop asks before each claim, so an
 * answer must come from memory, read again from the database at most every {@code maxAge}.
 */
@FunctionalInterface
public interface PauseCheck {

	/** Nothing is ever paused. */
	PauseCheck NONE = (name, maxAge) -> false;

	/**
	 * Whether the source named {@code name} is paused, as read at most {@code maxAge} ago.
	 */
	boolean isPaused(String name, Duration maxAge);

}
