package dev.awty.audit;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Reads the audit of operator actions: one entry per pause or resume of a type, retry, deliver-now or cancel of a
 * selection, and create, update, pause, resume, delete or fire-now of a recurring schedule, whatever called it (the
 * dashboard, the actuator endpoint, the REST API of schedules or the application's own code). Entries are kept as
 * long as the history ({@code awty.history.retention}) and deleted by housekeeping after that.
 */
public interface OperatorAudit {

	/** The largest page {@link #newest} returns. */
	int MAX_LIMIT = 1000;

	/**
	 * The newest entries first, read from the database now.
	 * @param target only entries about this event type or schedule id; {@code null} for every target
	 * @param principal only entries of this principal; {@code null} for everyone's
	 * @param beforeId only entries older than the entry with this id (the last of the previous page); {@code null} to
	 * start from the newest
	 * @param limit at most this many entries, 1 to {@value #MAX_LIMIT}
	 * @return the entries, empty when none matches
	 * @throws IllegalArgumentException if {@code limit} is out of range or {@code beforeId} is not positive
	 */
	List<AuditEntry> newest(@Nullable String target, @Nullable String principal, @Nullable Long beforeId, int limit);

	/** The newest {@code limit} entries of every target and principal. */
	default List<AuditEntry> newest(int limit) {
		return newest(null, null, null, limit);
	}

}
