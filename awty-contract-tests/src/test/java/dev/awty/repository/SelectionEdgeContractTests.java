package dev.awty.repository;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.dialect.DialectDetector;
import dev.awty.internal.model.EventTypeFactory;
import dev.awty.internal.selection.JdbcEventRepositories;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;
import dev.awty.internal.wakeup.WakeUps;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.ContractMatrix;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * A selection's changes at their edges: inside the caller's transaction, on a {@code CHAR} status column, moved by
 * very long or very short offsets, and the wake-up of rows moved earlier; on every database.
 */
@ParameterizedClass
@MethodSource("matrix")
class SelectionEdgeContractTests extends DatabaseContractTests {

	private final List<Instant> wakeUps = new CopyOnWriteArrayList<>();

	private EventRepositories repositories;

	private Instant releaseAt;

	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(), ContractMatrix.postgres(), ContractMatrix.mariadb(), ContractMatrix.mysql());
	}

	SelectionEdgeContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createRows() {
		this.database.execute(TestPurchase.TABLE_DDL);
		this.repositories = repositories(this.database.simpleDataSource());
		this.releaseAt = Instant.now().plus(Duration.ofDays(30)).truncatedTo(ChronoUnit.SECONDS);
		insert(1);
		insert(2);
	}

	@Test
	void aRowClaimedAfterTheCallersTransactionFirstReadIsReportedInFlight() {
		// one data source, so that the selection runs in the caller's transaction
		DataSource dataSource = this.database.simpleDataSource();
		EventRepositories inCallersTransaction = repositories(dataSource);
		JdbcTemplate callers = new JdbcTemplate(dataSource);
		ChangeResult result = new TransactionTemplate(new DataSourceTransactionManager(dataSource))
			.execute((status) -> {
				// the service reads something first; MySQL's REPEATABLE READ keeps that snapshot for later reads
				callers.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase", Long.class);
				// a poller of another instance claims row 2 and commits meanwhile
				this.jdbc.update("UPDATE scheduled_test_purchase SET claimed_by = 'other', claimed_until = ?"
						+ " WHERE purchase_id = 2", this.database.timestamp(Instant.now().plus(Duration.ofHours(1))));
				return inCallersTransaction.select(TestPurchase.class).rescheduleTo(this.releaseAt.plus(Duration.ofDays(1)));
			});

		assertThat(result).isEqualTo(new ChangeResult(1, 1));
		assertThat(dueAt(2)).isEqualTo(this.releaseAt);
	}

	@Test
	void aStatusColumnOfTypeCharIsMovedLikeAVarcharOne() {
		this.jdbc.execute("DROP TABLE scheduled_test_purchase");
		this.database.execute(TestPurchase.TABLE_DDL.replace("status VARCHAR(16)", "status CHAR(16)"));
		insert(1);
		Instant moved = this.releaseAt.plus(Duration.ofDays(1));

		assertThat(purchase(1).rescheduleTo(moved)).isEqualTo(new ChangeResult(1, 0));
		assertThat(purchase(1).shiftBy(Duration.ofDays(1))).isEqualTo(new ChangeResult(1, 0));
		assertThat(dueAt(1)).isEqualTo(moved.plus(Duration.ofDays(1)));
		assertThat(purchase(1).cancel()).isEqualTo(new ChangeResult(1, 0));
	}

	@Test
	void shiftByMovesRowsByExactlyASubMillisecondOffset() {
		assertThat(purchase(1).shiftBy(Duration.ofNanos(500_000))).isEqualTo(new ChangeResult(1, 0));

		assertThat(dueAt(1)).isEqualTo(this.releaseAt.plus(Duration.ofNanos(500_000)));
	}

	@Test
	void shiftByACenturyMovesRowsLaterOnEveryDatabase() {
		assertThat(purchase(1).shiftBy(Duration.ofDays(36_525))).isEqualTo(new ChangeResult(1, 0));

		assertThat(dueAt(1)).isEqualTo(this.releaseAt.plus(Duration.ofDays(36_525)));
	}

	@Test
	void shiftByMoreThanACenturyIsRefusedWithWhatToUseInstead() {
		assertThatIllegalArgumentException().isThrownBy(() -> purchase(1).shiftBy(Duration.ofDays(365L * 300)))
			.withMessageContaining("at most 36525 days (100 years) either way")
			.withMessageContaining("use rescheduleTo");
		assertThatIllegalArgumentException().isThrownBy(() -> purchase(1).shiftBy(Duration.ofSeconds(Long.MIN_VALUE)))
			.withMessageContaining("at most 36525 days");
		assertThat(dueAt(1)).isEqualTo(this.releaseAt);
	}

	@Test
	void rescheduleToBeforeTheYear1000IsRefusedWithWhatToUseInstead() {
		assertThatIllegalArgumentException().isThrownBy(() -> purchase(1).rescheduleTo(Instant.MIN))
			.withMessageContaining("before 1000-01-01T00:00:00Z, the earliest every database stores")
			.withMessageContaining("deliverNow");
	}

	@Test
	void rowsShiftedEarlierWakeThePollers() {
		assertThat(purchase(1).shiftBy(Duration.ofDays(10))).isEqualTo(new ChangeResult(1, 0));
		assertThat(this.wakeUps).as("moved later: nothing is due sooner").isEmpty();

		assertThat(purchase(1).shiftBy(Duration.ofDays(-41))).isEqualTo(new ChangeResult(1, 0));

		assertThat(dueAt(1)).isBefore(Instant.now());
		assertThat(this.wakeUps).as("the row is due now").hasSize(1);
	}

	private EventRepositories repositories(DataSource dataSource) {
		SqlDialect dialect = DialectDetector.detect(dataSource, null);
		EventTable<?> table = new EventTable<>(new EventTypeFactory(dialect).create(TestPurchase.class), dialect,
				dataSource);
		WakeUps wakeUps = new WakeUps(java.time.Clock.systemUTC());
		wakeUps.register(table.type().name(), Duration.ofSeconds(1), (dueAt, local) -> this.wakeUps.add(dueAt));
		return new JdbcEventRepositories(List.of(table), new DueSignals(wakeUps, false), new DueTimeSlots(Map.of()));
	}

	private void insert(long purchaseId) {
		this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, ?)", purchaseId,
				this.database.timestamp(this.releaseAt));
	}

	private Selection<TestPurchase> purchase(long purchaseId) {
		return this.repositories.select(TestPurchase.class).where("e.purchase_id = :p").param("p", purchaseId);
	}

	private Instant dueAt(long purchaseId) {
		return this.jdbc.queryForObject("SELECT due_at FROM scheduled_test_purchase WHERE purchase_id = ?",
				(rs, n) -> this.database.instant(rs, 1), purchaseId);
	}

}
