package dev.awty.audit;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One operator action, as recorded in {@code awty_audit} in the transaction of the action itself.
 *
 * @param id increases with every entry; pass the last one read to {@link OperatorAudit#newest} for the next page
 * @param at when the action was taken, by the database's clock
 * @param principal who took it: the Spring Security principal's name, or {@code anonymous} when there was none
 * @param action what was done; {@code null} when this version of awty does not know the action, written by a newer
 * version (running beside this one during a rolling deploy): {@code actionName} says what it was
 * @param actionName the action's name as stored, {@code action}'s name when this version knows it
 * @param target the event type or the schedule id it was done to
 * @param rows how many rows (or schedules) it changed; {@code 0} when it changed nothing (a type paused already)
 * @param detail the selection of rows it applied to, the event id fired, or the schedule's version; {@code null}
 * when there is nothing to add
 */
public record AuditEntry(long id, Instant at, String principal, @Nullable OperatorAction action, String actionName,
		String target, long rows, @Nullable String detail) {

	/** An entry of an action this version knows. */
	public AuditEntry(long id, Instant at, String principal, OperatorAction action, String target, long rows,
			@Nullable String detail) {
		this(id, at, principal, action, action.name(), target, rows, detail);
	}

}
