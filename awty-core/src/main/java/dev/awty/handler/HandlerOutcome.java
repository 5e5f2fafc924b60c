package dev.awty.handler;

import java.time.Instant;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * What happens to a row after its handler looked at it.
 */
public final class HandlerOutcome {

	/** The three outcomes. */
	public enum Kind {

		/** Publish the row to the type's channel (besides what the handler published) and finish it. */
		PUBLISH_AND_FINISH,

		/** Keep the row pending and look at it again at {@link #nextCheckAt()}. */
		CHECK_AGAIN,

		/** Finish the row without publishing it (what the handler published is still sent). */
		FINISH

	}

	private static final HandlerOutcome PUBLISH_AND_FINISH = new HandlerOutcome(Kind.PUBLISH_AND_FINISH, null);

	private static final HandlerOutcome FINISH = new HandlerOutcome(Kind.FINISH, null);

	private final Kind kind;

	private final @Nullable Instant nextCheckAt;

	private HandlerOutcome(Kind kind, @Nullable Instant nextCheckAt) {
		this.kind = kind;
		this.nextCheckAt = nextCheckAt;
	}

	/** Publishes the row to the type's channel and finishes it, as when the type has no handler. */
	public static HandlerOutcome publishAndFinish() {
		return PUBLISH_AND_FINISH;
	}

	/**
	 * Keeps the row pending until {@code instant}, then runs the handler again. The instant must be after the
	 * row's current due time and within the type's {@code horizon} from now, and the row must not exceed
	 * {@code max-checks}; otherwise the row becomes {@code FAILED} with the reason.
	 */
	public static HandlerOutcome checkAgainAt(Instant instant) {
		return new HandlerOutcome(Kind.CHECK_AGAIN, Objects.requireNonNull(instant, "instant must not be null"));
	}

	/** Finishes the row without publishing it: the condition it waited for was met. */
	public static HandlerOutcome finish() {
		return FINISH;
	}

	public Kind kind() {
		return this.kind;
	}

	/** The next check's instant for {@link Kind#CHECK_AGAIN}, else {@code null}. */
	public @Nullable Instant nextCheckAt() {
		return this.nextCheckAt;
	}

	@Override
	public String toString() {
		return (this.nextCheckAt != null) ? this.kind + " at " + this.nextCheckAt : this.kind.toString();
	}

}
