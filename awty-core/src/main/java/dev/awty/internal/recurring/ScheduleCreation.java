package dev.awty.internal.recurring;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.audit.OperatorAction;
import dev.awty.internal.audit.AuditLog;
import dev.awty.recurring.DuplicateScheduleException;
import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.ScheduleDefinition;

/**
 * Creates schedules all or none: validates every definition, computes their first occurrences, inserts them in one
 * transaction and wakes the pollers for the soonest. A duplicate id, in the list or in the table, fails the whole
 * list naming the id.
 */
final class ScheduleCreation {

	private static final int ID_CHUNK = 1000;

	private final ScheduleStore store;

	private final ScheduleValidator validator;

	private final TransactionOperations transactions;

	private final RecurringWakeUps wakeUps;

	/** How many ids of a batch the audit entry names. */
	private static final int AUDITED_IDS = 5;

	private final AuditLog audit;

	ScheduleCreation(ScheduleStore store, ScheduleValidator validator, TransactionOperations transactions,
			RecurringWakeUps wakeUps, AuditLog audit) {
		this.audit = audit;
		this.store = store;
		this.validator = validator;
		this.transactions = transactions;
		this.wakeUps = wakeUps;
	}

	int createAll(List<ScheduleDefinition> definitions) {
		if (definitions.isEmpty()) {
			return 0;
		}
		List<ValidSchedule> schedules = validated(definitions);
		Instant now = this.store.databaseNow();
		List<@Nullable Instant> nextFireAts = new ArrayList<>(schedules.size());
		// Schedules created together often share expression and zone, and so their first occurrence.
		Map<String, Instant> firstByExpression = new HashMap<>();
		Instant earliest = null;
		for (ValidSchedule schedule : schedules) {
			Instant first = firstByExpression.computeIfAbsent(schedule.expression().text() + " " + schedule.zone().getId(),
					(key) -> schedule.firstOccurrence(now));
			nextFireAts.add(first);
			earliest = (earliest == null || first.isBefore(earliest)) ? first : earliest;
		}
		Instant soonest = earliest;
		try {
			this.transactions.executeWithoutResult((status) -> {
				this.store.insertAll(schedules, nextFireAts);
				this.audit.record(OperatorAction.SCHEDULE_CREATE, auditTarget(schedules), schedules.size(), null);
				this.wakeUps.notifyOthers(soonest);
			});
		}
		catch (DuplicateKeyException ex) {
			throw duplicateOf(schedules.stream().map(ValidSchedule::id).toList(), ex);
		}
		this.wakeUps.wakeLocal(earliest);
		return schedules.size();
	}

	/** The id of one schedule; of a batch, its first ids and how many more. */
	private static String auditTarget(List<ValidSchedule> schedules) {
		String first = String.join(", ",
				schedules.stream().limit(AUDITED_IDS).map(ValidSchedule::id).toList());
		return (schedules.size() > AUDITED_IDS) ? first + " and " + (schedules.size() - AUDITED_IDS) + " more" : first;
	}

	private List<ValidSchedule> validated(List<ScheduleDefinition> definitions) {
		List<ValidSchedule> schedules = new ArrayList<>(definitions.size());
		Set<String> ids = new HashSet<>();
		for (ScheduleDefinition definition : definitions) {
			if (definition == null) {
				throw new InvalidScheduleException("definitions", "A list of schedules must not hold null");
			}
			ValidSchedule schedule = (definitions.size() > 1) ? this.validator.validateOneOfMany(definition)
					: this.validator.validate(definition);
			if (!ids.add(schedule.id())) {
				throw new DuplicateScheduleException(schedule.id());
			}
			schedules.add(schedule);
		}
		return schedules;
	}

	private RuntimeException duplicateOf(List<String> ids, DuplicateKeyException ex) {
		for (int from = 0; from < ids.size(); from += ID_CHUNK) {
			List<String> taken = this.store.existingIds(ids.subList(from, Math.min(ids.size(), from + ID_CHUNK)));
			if (!taken.isEmpty()) {
				return new DuplicateScheduleException(taken.get(0));
			}
		}
		return ex;
	}

}
