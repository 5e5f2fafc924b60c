package dev.awty.internal.recurring;

import javax.sql.DataSource;

import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.claim.Leases;
import dev.awty.internal.history.DeliveryLogWriter;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.LoopSettings;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.recurring.RecurringHeaders;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.SqlDialect;

/**
 * Adds the recurring schedules to the delivery pipeline as one source named {@value #NAME} (the
 * {@code awty_type} of every occurrence): one poll loop for every schedule whatever its channel, as they share one
 * table, one claim and one lock. Its occurrences are counted, timed, woken up and recorded in the history like the
 * rows of an event type, under this name.
 */
public final class RecurringSource {

	/** The source's name in metrics, health, the dashboard, wake-ups and history. */
	public static final String NAME = RecurringHeaders.TYPE_VALUE;

	/** The table its schedules are claimed from. */
	public static final String TABLE = ScheduleStore.TABLE;

	static final String LOCK_NAME = "awty:recurring";

	private final DeliveryCounters counters;

	private RecurringSource(DeliveryCounters counters) {
		this.counters = counters;
	}

	/** What this instance published of recurring schedules since start. */
	public DeliveryCounters counters() {
		return this.counters;
	}

	/**
	 * @param transactions awty's own transactions on {@code dataSource}, which every claim and write runs in
	 * @return the source, added
	 */
	public static RecurringSource addTo(DeliveryPollers pollers, SqlDialect dialect, DataSource dataSource,
			TransactionOperations transactions, RecurringSettings settings, EventPublisher publisher, String instanceId) {
		JdbcClient jdbc = JdbcClient.create(dataSource);
		NamedParameterJdbcTemplate batchJdbc = new NamedParameterJdbcTemplate(dataSource);
		DeliveryCounters counters = pollers.countersOf(NAME);
		LeaseHeartbeat<String> heartbeat = new LeaseHeartbeat<>("recurring schedules",
				new Leases(ScheduleStore.TABLE, dialect, dataSource, transactions), String.class, settings.lease(),
				counters::lostLeases);
		OccurrenceHistory history = new OccurrenceHistory(settings.history(), new DeliveryLogWriter(dataSource, dialect),
				instanceId);
		RecurringDelivery delivery = new RecurringDelivery(new ScheduleClaims(dialect, jdbc, transactions),
				new ScheduleOutcomes(dialect, batchJdbc, transactions, history), new ScheduleStore(dialect, jdbc, batchJdbc),
				settings, new OccurrenceFiring(settings, publisher, counters), instanceId, heartbeat, counters);
		LoopSettings loop = new LoopSettings(NAME, LOCK_NAME, settings.pollInterval(), settings.batchSize(),
				settings.mode(), settings.lease(), settings.concurrency(), settings.claimAhead());
		pollers.add(loop, "recurring schedules", delivery, heartbeat);
		return new RecurringSource(counters);
	}

}
