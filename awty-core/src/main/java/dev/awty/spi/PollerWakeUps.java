package dev.awty.spi;

/**
 * Wakes the pollers of this instance now rather than at their next poll or due time. awty provides the one bean of
 * this type; a test kit that moves the clock calls it, since everything up to the new "now" may be due.
 */
public interface PollerWakeUps {

	/** Wakes every poller of this instance: event types, handler types and recurring schedules. */
	void wakeAll();

}
