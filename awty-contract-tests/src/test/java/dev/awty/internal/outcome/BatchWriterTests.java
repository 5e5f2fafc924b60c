package dev.awty.internal.outcome;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.test.util.ReflectionTestUtils;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionOperations;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.OnDelivered;
import dev.awty.ScheduledEntity;
import dev.awty.dialect.H2Dialect;
import dev.awty.history.HistoryMode;
import dev.awty.internal.history.DeliveryLogWriter;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.DeliveryObserver;
import dev.awty.internal.support.RetryBackoff;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@link BatchWriter} on H2, whose history table is missing so that every write together fails for good. */
class BatchWriterTests {

	private final TestDatabase database = TestDatabases.h2();

	private final JdbcTemplate jdbc = this.database.jdbc();

	private final DataSource dataSource = this.jdbc.getDataSource();

	private final TransactionTemplate transactions = new TransactionTemplate(
			new DataSourceTransactionManager(this.dataSource));

	private final DeliveryCounters counters = new DeliveryCounters("test_purchase", new DeliveryObserver() {
	});

	@Test
	void inThePerClaimFallbackAClaimThatCannotBeWrittenLeavesTheNextClaimWrittenAndOnlyItsOwnRowsCounted() {
		this.database.execute(TestPurchase.TABLE_DDL);
		List<RowResult<Row>> first = List.of(claimed(1, "claim-1"), claimed(2, "claim-1"));
		List<RowResult<Row>> second = List.of(claimed(3, "claim-2"), claimed(4, "claim-2"));
		AtomicInteger calls = new AtomicInteger();
		// 1: both claims together, 2: the first claim alone, both refused for good (no history table);
		// 3: the first claim's own mark, which loses its connection
		TransactionOperations failingThirdCall = new TransactionOperations() {

			@Override
			public <T> T execute(TransactionCallback<T> action) {
				if (calls.incrementAndGet() == 3) {
					throw new DataAccessResourceFailureException("connection lost");
				}
				return BatchWriterTests.this.transactions.execute(action);
			}

		};
		OutcomeQueue<Row> queue = new OutcomeQueue<>("test_purchase", writer(failingThirdCall), this.counters, 100,
				Duration.ofSeconds(10), 1);

		queue.write("claim-1", first, queue.reserve(2), () -> {
		});
		queue.write("claim-2", second, queue.reserve(2), () -> {
		});
		queue.awaitWritten(System.nanoTime() + Duration.ofSeconds(10).toNanos());
		queue.close(System.nanoTime());

		assertThat(this.jdbc.queryForList("SELECT id FROM scheduled_test_purchase WHERE status = 'DELIVERED' ORDER BY id",
				Long.class)).containsExactly(3L, 4L);
		assertThat(this.counters.possibleDuplicates()).isEqualTo(2);
	}

	private BatchWriter<Row> writer(TransactionOperations transaction) {
		H2Dialect dialect = new H2Dialect();
		HeldRowWrites writes = new HeldRowWrites("scheduled_test_purchase", dialect, JdbcClient.create(this.dataSource),
				new NamedParameterJdbcTemplate(this.dataSource), this.transactions, 2000);
		Duration lease = Duration.ofSeconds(30);
		return new BatchWriter<>("test_purchase", new OutcomeStatements<>(writes, null, OnDelivered.MARK, 3,
				new RetryBackoff(Duration.ofSeconds(1), 2, Duration.ofMinutes(1), 0), lease),
				new DeliveryLogWriter(this.dataSource, dialect), transaction,
				() -> new HistoryEntries("test_purchase", HistoryMode.ALL, "instance", 3),
				new OutcomeReport("test_purchase", 3, this.counters), lease);
	}

	/** A row due and held by {@code claimer}, published. */
	private RowResult<Row> claimed(long id, String claimer) {
		this.jdbc.update("INSERT INTO scheduled_test_purchase (id, purchase_id, due_at, claimed_by, claimed_until)"
				+ " VALUES (?, ?, CURRENT_TIMESTAMP, ?, DATEADD('MINUTE', 5, CURRENT_TIMESTAMP))", id, id, claimer);
		Row row = new Row();
		ReflectionTestUtils.setField(row, "id", id);
		return RowResult.of(row, RowResult.Kind.DELIVERED, "test_purchase/" + id + "/0", 0, 1);
	}

	static final class Row extends ScheduledEntity {

		Row() {
			super(Instant.parse("2026-03-01T10:00:00Z"));
		}

	}

}
