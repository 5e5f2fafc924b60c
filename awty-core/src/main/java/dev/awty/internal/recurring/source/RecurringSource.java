package dev.awty.internal.recurring.source;

import javax.sql.DataSource;

import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.claim.Leases;
import dev.awty.internal.history.DeliveryLogWriter;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.PipelineSources;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.recurring.RecurringSettings;
import dev.awty.internal.recurring.ScheduleStore;
import dev.awty.recurring.RecurringHeaders;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.SqlDialect;

/**
 * The recurring schedules as one source of the delivery pipeline, named {@value #NAME} (the
 * {@code awty_type} of every occurrence): one poll loop for every schedule whatever its channel, as they share one
 * table, one claim and one lock. Its occurrences are counted, timed, woken up and recorded in the history like the
 * rows of an event type, under this name.
 */
public final class RecurringSource implements PipelineSources {

	/** The source's name in metrics, health, the dashboard, wake-ups and history. */
	public static final String NAME = RecurringHeaders.TYPE_VALUE;

	/** The table its schedules are claimed from. */
	public static final String TABLE = ScheduleStore.TABLE;

	/** The ShedLock lock of its leader mode, and of its claims on databases that cannot skip locked rows. */
	public static final String LOCK_NAME = "awty:recurring";

	private final SqlDialect dialect;

	private final DataSource dataSource;

	private final TransactionOperations transactions;

	private final RecurringSettings settings;

	private final EventPublisher publisher;

	private final String instanceId;

	/**
	 * @param transactions awty's own transactions on {@code dataSource}, which every claim and write runs in
	 */
	public RecurringSource(SqlDialect dialect, DataSource dataSource, TransactionOperations transactions,
			RecurringSettings settings, EventPublisher publisher, String instanceId) {
		this.dialect = dialect;
		this.dataSource = dataSource;
		this.transactions = transactions;
		this.settings = settings;
		this.publisher = publisher;
		this.instanceId = instanceId;
	}

	@Override
	public void addTo(DeliveryPollers pollers) {
		JdbcClient jdbc = JdbcClient.create(this.dataSource);
		NamedParameterJdbcTemplate batchJdbc = new NamedParameterJdbcTemplate(this.dataSource);
		DeliveryCounters counters = pollers.countersOf(NAME);
		LeaseHeartbeat<String> heartbeat = new LeaseHeartbeat<>("recurring schedules",
				new Leases(ScheduleStore.TABLE, this.dialect, this.dataSource, this.transactions), String.class,
				this.settings.loop().lease(), counters::lostLeases);
		OccurrenceHistory history = new OccurrenceHistory(this.settings.history(),
				new DeliveryLogWriter(this.dataSource, this.dialect), this.instanceId);
		RecurringDelivery delivery = new RecurringDelivery(new ScheduleClaims(this.dialect, jdbc, this.transactions),
				new ScheduleOutcomes(this.dialect, batchJdbc, this.transactions, history),
				new ScheduleStore(this.dialect, jdbc, batchJdbc), this.settings,
				new OccurrenceFiring(this.settings, this.publisher, counters), this.instanceId, heartbeat, counters);
		pollers.add(this.settings.loop(), "recurring schedules", delivery, heartbeat);
	}

}
