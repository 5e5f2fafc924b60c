package dev.awty.audit;

/**
 * What an operator did, as recorded in the audit. The names are stored in {@code awty_audit.action}: they are kept
 * as they are once released.
 */
public enum OperatorAction {

	/** An event type paused on every instance ({@code TypePauses.pause}); the target is the type. */
	PAUSE_TYPE,

	/** An event type resumed ({@code TypePauses.resume}); the target is the type. */
	RESUME_TYPE,

	/** Failed rows of a selection retried; the target is the type, the detail the selection. */
	RETRY,

	/** Pending rows of a selection made due now; the target is the type, the detail the selection. */
	DELIVER_NOW,

	/** Pending rows of a selection cancelled; the target is the type, the detail the selection. */
	CANCEL,

	/** Recurring schedules created; the target is the schedule's id, or the first ids of a batch. */
	SCHEDULE_CREATE,

	/** A recurring schedule's definition replaced; the target is its id. */
	SCHEDULE_UPDATE,

	/** A recurring schedule paused; the target is its id. */
	SCHEDULE_PAUSE,

	/** A recurring schedule resumed; the target is its id. */
	SCHEDULE_RESUME,

	/** A recurring schedule deleted; the target is its id. */
	SCHEDULE_DELETE,

	/** One extra occurrence of a recurring schedule published now; the target is its id, the detail the event id. */
	SCHEDULE_FIRE_NOW

}
