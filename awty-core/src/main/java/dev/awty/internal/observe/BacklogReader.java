package dev.awty.internal.observe;

/**
 * Reads the backlog of one source of the pipeline: an event type's table, or the recurring schedules.
 */
interface BacklogReader {

	/** The source's name, as in metrics and health. */
	String type();

	Backlog read();

}
