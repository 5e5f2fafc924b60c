package dev.awty.internal.recurring;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.AwtyException;
import dev.awty.recurring.DuplicateScheduleException;
import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.recurring.ScheduleNotFoundException;
import dev.awty.spi.SqlDialect;

/**
 * {@link RecurringSchedules} on the {@code awty_schedule} table.
 */
public final class JdbcRecurringSchedules implements RecurringSchedules {

	private static final int ID_CHUNK = 1000;

	private final ScheduleStore store;

	private final ScheduleValidator validator;

	private final TransactionOperations transactions;

	private final RecurringSettings settings;

	private final RecurringWakeUps wakeUps;

	/**
	 * @param transactions awty's own transactions on {@code dataSource}, which every write runs in
	 */
	public JdbcRecurringSchedules(SqlDialect dialect, DataSource dataSource, TransactionOperations transactions,
			RecurringSettings settings, RecurringWakeUps wakeUps) {
		this.store = new ScheduleStore(dialect, JdbcClient.create(dataSource), new NamedParameterJdbcTemplate(dataSource));
		this.validator = new ScheduleValidator(settings.payloadLimitBytes(), settings.allowedChannels());
		this.transactions = transactions;
		this.settings = settings;
		this.wakeUps = wakeUps;
	}

	@Override
	public RecurringSchedule create(ScheduleDefinition definition) {
		createAll(List.of(definition));
		return get(definition.id()).orElseThrow();
	}

	@Override
	public int createAll(List<ScheduleDefinition> definitions) {
		if (definitions.isEmpty()) {
			return 0;
		}
		List<ValidSchedule> schedules = new ArrayList<>(definitions.size());
		Set<String> ids = new HashSet<>();
		for (ScheduleDefinition definition : definitions) {
			if (definition == null) {
				throw new InvalidScheduleException("definitions", "A list of schedules must not hold null");
			}
			ValidSchedule schedule = validate(definition, definitions.size() > 1);
			if (!ids.add(schedule.id())) {
				throw new DuplicateScheduleException(schedule.id());
			}
			schedules.add(schedule);
		}
		Instant now = this.store.databaseNow();
		List<@Nullable Instant> nextFireAts = new ArrayList<>(schedules.size());
		// Schedules created together often share expression and zone, and so their first occurrence.
		Map<String, Instant> firstByExpression = new HashMap<>();
		Instant earliest = null;
		for (ValidSchedule schedule : schedules) {
			Instant first = firstByExpression.computeIfAbsent(schedule.expression().text() + " " + schedule.zone().getId(),
					(key) -> firstOccurrence(schedule, now));
			nextFireAts.add(first);
			earliest = (earliest == null || first.isBefore(earliest)) ? first : earliest;
		}
		Instant soonest = earliest;
		try {
			this.transactions.executeWithoutResult((status) -> {
				this.store.insertAll(schedules, nextFireAts);
				this.wakeUps.notifyOthers(soonest);
			});
		}
		catch (DuplicateKeyException ex) {
			throw duplicateOf(List.copyOf(ids), ex);
		}
		this.wakeUps.wakeLocal(earliest);
		return schedules.size();
	}

	@Override
	public Optional<RecurringSchedule> get(String id) {
		return this.store.find(id).map(ScheduleRow::schedule);
	}

	@Override
	public List<RecurringSchedule> list(String idPrefix, @Nullable String afterId, int limit) {
		if (limit < 1 || limit > 1000) {
			throw new IllegalArgumentException("limit must be between 1 and 1000, was " + limit);
		}
		return this.store.page(idPrefix, afterId, limit).stream().map(ScheduleRow::schedule).toList();
	}

	@Override
	public long count(String idPrefix) {
		return this.store.count(idPrefix);
	}

	@Override
	public RecurringSchedule update(ScheduleDefinition definition) {
		ValidSchedule schedule = validate(definition, false);
		return change(definition.id(), (current) -> schedule);
	}

	@Override
	public RecurringSchedule pause(String id) {
		return change(id, (current) -> this.validator.validate(current.definition().withEnabled(false)));
	}

	@Override
	public RecurringSchedule resume(String id) {
		return change(id, (current) -> this.validator.validate(current.definition().withEnabled(true)));
	}

	@Override
	public boolean delete(String id) {
		long deadline = System.nanoTime() + this.settings.changeWait().toNanos();
		while (!Boolean.TRUE.equals(this.transactions.execute((status) -> this.store.deleteUnclaimed(id)))) {
			if (this.store.find(id).isEmpty()) {
				return false;
			}
			awaitClaim(id, deadline);
		}
		return true;
	}

	private RecurringSchedule change(String id, Function<RecurringSchedule, ValidSchedule> changed) {
		long deadline = System.nanoTime() + this.settings.changeWait().toNanos();
		while (true) {
			RecurringSchedule current = get(id).orElseThrow(() -> new ScheduleNotFoundException(id));
			ValidSchedule schedule = changed.apply(current);
			boolean keepNext = current.expression().equals(schedule.expression().text())
					&& current.timeZone().equals(schedule.zone().getId())
					&& (current.enabled() || !schedule.definition().enabled() || current.nextFireAt() == null);
			Instant next = keepNext ? current.nextFireAt() : firstOccurrence(schedule, this.store.databaseNow());
			boolean enabled = schedule.definition().enabled();
			if (Boolean.TRUE.equals(this.transactions.execute((status) -> {
				boolean updated = this.store.updateUnclaimed(schedule, next, current.version());
				if (updated && enabled) {
					this.wakeUps.notifyOthers(next);
				}
				return updated;
			}))) {
				if (enabled) {
					this.wakeUps.wakeLocal(next);
				}
				return get(id).orElseThrow(() -> new ScheduleNotFoundException(id));
			}
			awaitClaim(id, deadline);
		}
	}

	private void awaitClaim(String id, long deadline) {
		if (System.nanoTime() > deadline) {
			throw new AwtyException("Schedule '" + id + "' is being published right now and its claim did not end within "
					+ this.settings.changeWait().toSeconds() + " s; try again");
		}
		try {
			Thread.sleep(20);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AwtyException("Interrupted while waiting to change schedule '" + id + "'", ex);
		}
	}

	private ValidSchedule validate(ScheduleDefinition definition, boolean nameId) {
		try {
			return this.validator.validate(definition);
		}
		catch (DuplicateScheduleException ex) {
			throw ex;
		}
		catch (InvalidScheduleException ex) {
			throw nameId ? new InvalidScheduleException(ex.field(), "Schedule '" + definition.id() + "': " + ex.getMessage())
					: ex;
		}
	}

	private static Instant firstOccurrence(ValidSchedule schedule, Instant now) {
		Instant first = schedule.expression().first(now, schedule.zone());
		if (first == null) {
			throw new InvalidScheduleException("expression",
					"Cron expression '" + schedule.expression() + "' never matches a date; it would never fire");
		}
		return first;
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
