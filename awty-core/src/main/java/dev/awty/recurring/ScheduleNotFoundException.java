package dev.awty.recurring;

import dev.awty.AwtyException;

/**
 * Thrown when an operation names a schedule id that does not exist.
 */
public class ScheduleNotFoundException extends AwtyException {

	private final String id;

	public ScheduleNotFoundException(String id) {
		super("No schedule with id '" + id + "'");
		this.id = id;
	}

	/** The id that was not found. */
	public String id() {
		return this.id;
	}

}
