package dev.awty.handler;

import java.time.Instant;

/**
 * What a handler can do and know while it looks at a row. Messages are buffered and sent after the handler
 * returns, each with awty's headers; their {@code awty_event_id} includes the check number, so a check that
 * runs again after a crash publishes messages with the same ids and consumers can drop the repeats.
 */
public interface HandlerContext {

	/** Publishes {@code payload} to the type's channel once the handler returns. */
	void publish(Object payload);

	/** Publishes {@code payload} to the Spring Integration channel named {@code channel} once the handler returns. */
	void publish(String channel, Object payload);

	/** How many checks of this row completed before this one: 0 at the first check. */
	int checkCount();

	/** The due time of the row's first check; the current due time at the first check. */
	Instant firstCheckAt();

	/**
	 * The database's clock when the row was claimed: the "now" that guards compare check-again instants
	 * against.
	 */
	Instant now();

}
