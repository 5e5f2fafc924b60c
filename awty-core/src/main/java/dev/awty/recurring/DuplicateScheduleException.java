package dev.awty.recurring;

/**
 * Thrown by a create when a schedule with the same id exists already (or appears twice in one batch); nothing
 * of the create was stored.
 */
public class DuplicateScheduleException extends InvalidScheduleException {

	private final String id;

	public DuplicateScheduleException(String id) {
		super("id", "A schedule with id '" + id + "' exists already; choose another id or update the existing one");
		this.id = id;
	}

	/** The id that is taken. */
	public String id() {
		return this.id;
	}

}
