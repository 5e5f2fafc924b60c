package dev.awty.internal.recurring;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.audit.OperatorAction;
import dev.awty.internal.audit.AuditLog;
import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.recurring.ScheduleExpression;
import dev.awty.recurring.ScheduleNotFoundException;
import dev.awty.recurring.ScheduleVersion;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.SqlDialect;

/**
 * {@link RecurringSchedules} on the {@code awty_schedule} table: reads here, creation in {@link ScheduleCreation},
 * changes and deletes in {@link ScheduleChanges}, versions in {@link ScheduleVersions}, occurrences fired by hand in
 * {@link FireNow}.
 */
public final class JdbcRecurringSchedules implements RecurringSchedules {

	private static final int MAX_PAGE = 1000;

	private static final int MAX_FIRE_TIMES = 100;

	private final ScheduleStore store;

	private final ScheduleVersions versions;

	private final ScheduleValidator validator;

	private final ScheduleCreation creation;

	private final ScheduleChanges changes;

	private final FireNow fireNow;

	/**
	 * @param transactions awty's own transactions on {@code dataSource}, which every write runs in
	 * @param publisher publishes the occurrences fired now
	 * @param instanceId names this instance in their history entries
	 */
	public JdbcRecurringSchedules(SqlDialect dialect, DataSource dataSource, TransactionOperations transactions,
			RecurringSettings settings, RecurringWakeUps wakeUps, EventPublisher publisher, String instanceId) {
		this(dialect, dataSource, transactions, settings, wakeUps, publisher, instanceId, AuditLog.NONE);
	}

	/**
	 * @param transactions awty's own transactions on {@code dataSource}, which every write runs in
	 * @param publisher publishes the occurrences fired now
	 * @param instanceId names this instance in their history entries
	 * @param audit records every create, update, pause, resume, delete and fire-now, with who asked for it
	 */
	public JdbcRecurringSchedules(SqlDialect dialect, DataSource dataSource, TransactionOperations transactions,
			RecurringSettings settings, RecurringWakeUps wakeUps, EventPublisher publisher, String instanceId,
			AuditLog audit) {
		this.fireNow = new FireNow(settings, publisher, dataSource, dialect, instanceId, audit);
		this.store = new ScheduleStore(dialect, JdbcClient.create(dataSource), new NamedParameterJdbcTemplate(dataSource));
		this.validator = new ScheduleValidator(settings.payloadLimitBytes(), settings.allowedChannels());
		this.versions = new ScheduleVersions(dialect, JdbcClient.create(dataSource));
		this.creation = new ScheduleCreation(this.store, this.validator, transactions, wakeUps, audit);
		this.changes = new ScheduleChanges(this.store, this.versions, transactions, wakeUps, settings.changeWait(),
				audit);
	}

	@Override
	public RecurringSchedule create(ScheduleDefinition definition) {
		this.creation.createAll(List.of(definition));
		return get(definition.id()).orElseThrow();
	}

	@Override
	public int createAll(List<ScheduleDefinition> definitions) {
		return this.creation.createAll(definitions);
	}

	@Override
	public Optional<RecurringSchedule> get(String id) {
		return this.store.find(id).map(ScheduleRow::schedule);
	}

	@Override
	public List<RecurringSchedule> list(String idPrefix, @Nullable String afterId, int limit) {
		if (limit < 1 || limit > MAX_PAGE) {
			throw new IllegalArgumentException("limit must be between 1 and " + MAX_PAGE + ", was " + limit);
		}
		return this.store.page(idPrefix, afterId, limit).stream().map(ScheduleRow::schedule).toList();
	}

	@Override
	public long count(String idPrefix) {
		return this.store.count(idPrefix);
	}

	@Override
	public RecurringSchedule update(ScheduleDefinition definition) {
		ValidSchedule schedule = this.validator.validate(definition);
		return this.changes.change(definition.id(), OperatorAction.SCHEDULE_UPDATE, (current) -> schedule);
	}

	@Override
	public RecurringSchedule pause(String id) {
		return this.changes.change(id, OperatorAction.SCHEDULE_PAUSE,
				(current) -> this.validator.validate(current.definition().withEnabled(false)));
	}

	@Override
	public RecurringSchedule resume(String id) {
		return this.changes.change(id, OperatorAction.SCHEDULE_RESUME,
				(current) -> this.validator.validate(current.definition().withEnabled(true)));
	}

	@Override
	public String fireNow(String id) {
		if (id == null || id.isBlank()) {
			throw new InvalidScheduleException("id", "A schedule id is required to fire it now");
		}
		return this.fireNow.fire(get(id).orElseThrow(() -> new ScheduleNotFoundException(id)));
	}

	@Override
	public List<Instant> nextFireTimes(String id, int count) {
		if (count < 1 || count > MAX_FIRE_TIMES) {
			throw new InvalidScheduleException("count", "count must be between 1 and " + MAX_FIRE_TIMES + ", was " + count);
		}
		RecurringSchedule schedule = get(id).orElseThrow(() -> new ScheduleNotFoundException(id));
		ScheduleExpression expression = ScheduleExpression.parse(schedule.expression());
		ZoneId zone = ZoneId.of(schedule.timeZone());
		List<Instant> times = new ArrayList<>(count);
		Instant next = schedule.enabled() ? schedule.nextFireAt() : null;
		while (next != null && times.size() < count) {
			times.add(next);
			next = expression.next(next, zone);
		}
		return times;
	}

	@Override
	public List<ScheduleVersion> versions(String id) {
		if (id == null || id.isBlank()) {
			throw new InvalidScheduleException("id", "A schedule id is required to list its versions");
		}
		List<ScheduleVersion> versions = this.versions.newestFirst(id);
		// An existing schedule has at least its current version.
		if (versions.isEmpty()) {
			throw new ScheduleNotFoundException(id);
		}
		return versions;
	}

	@Override
	public boolean delete(String id) {
		return this.changes.delete(id);
	}

}
