package dev.awty.repository;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.LoggerFactory;

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
import dev.awty.testing.StatementRecorder;
import dev.awty.testing.StatementRecorder.Recorded;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A selection reads the caller's joined rows first and looks the scheduled rows up through the join only when an
 * index on the scheduled table leads with the join column: without one, each joined row would read the whole
 * scheduled table (about 90 s for an album of 5,000 purchases among 100,000 rows on PostgreSQL). Then the plain join
 * runs, and a warning names the index to add. Written once, run per database.
 */
@ParameterizedClass
@MethodSource("matrix")
class JoinIndexContractTests extends DatabaseContractTests {

	private static final String ADD_THE_INDEX = "CREATE INDEX scheduled_test_purchase_purchase_id"
			+ " ON scheduled_test_purchase (purchase_id)";

	private final @Nullable String joinedTablesFirst;

	private final StatementRecorder recorder = new StatementRecorder();

	private final ListAppender<ILoggingEvent> log = new ListAppender<>();

	private EventRepositories repositories;

	private Instant releaseAt;

	/**
	 * Where this contract runs, each with what marks a statement that reads the joined tables first ({@code null}
	 * where the dialect never does).
	 */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2((Object) null), ContractMatrix.postgres("CROSS JOIN LATERAL"),
				ContractMatrix.mariadb("STRAIGHT_JOIN"));
	}

	JoinIndexContractTests(Supplier<TestDatabase> databases, @Nullable String joinedTablesFirst) {
		super(databases);
		this.joinedTablesFirst = joinedTablesFirst;
	}

	@BeforeEach
	void createShop() {
		this.database.execute(TestPurchase.TABLE_DDL);
		this.jdbc.execute("CREATE TABLE purchase (id BIGINT PRIMARY KEY, album_id BIGINT NOT NULL)");
		SqlDialect dialect = DialectDetector.detect(this.database.simpleDataSource(), null);
		EventTable<?> table = new EventTable<>(new EventTypeFactory(dialect).create(TestPurchase.class), dialect,
				this.recorder.wrap(this.database.simpleDataSource()));
		this.repositories = new JdbcEventRepositories(List.of(table),
				new DueSignals(new WakeUps(java.time.Clock.systemUTC()), false), new DueTimeSlots(Map.of()));
		this.releaseAt = Instant.now().plus(Duration.ofDays(30)).truncatedTo(ChronoUnit.SECONDS);
		for (long purchase = 1; purchase <= 6; purchase++) {
			this.jdbc.update("INSERT INTO purchase (id, album_id) VALUES (?, ?)", purchase, (purchase + 1) / 2);
			this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, ?)", purchase,
					this.database.timestamp(this.releaseAt));
		}
		this.log.start();
		logger().addAppender(this.log);
	}

	@AfterEach
	void releaseLog() {
		logger().detachAppender(this.log);
		this.log.stop();
	}

	@Test
	void withoutAnIndexOnTheJoinColumnTheSelectionJoinsPlainlyChangesExactlyItsRowsAndWarnsOnceWithTheIndexToAdd() {
		Instant moved = this.releaseAt.plus(Duration.ofDays(7));

		runSelections(moved);

		assertThat(selectionStatements()).allSatisfy((sql) -> assertThat(sql).contains(" JOIN purchase p ON ("));
		if (this.joinedTablesFirst != null) {
			assertThat(warnings()).singleElement()
				.satisfies((warning) -> assertThat(warning).contains("scheduled_test_purchase", "purchase_id",
						ADD_THE_INDEX));
		}
		else {
			assertThat(warnings()).isEmpty();
		}
		assertRowsChanged(moved);
	}

	@Test
	void withAnIndexOnTheJoinColumnTheSelectionReadsTheJoinedRowsFirstAndWarnsNothing() {
		this.jdbc.execute(ADD_THE_INDEX);
		Instant moved = this.releaseAt.plus(Duration.ofDays(7));

		runSelections(moved);

		String marker = this.joinedTablesFirst;
		assertThat(selectionStatements()).allSatisfy((sql) -> assertThat(sql)
			.contains((marker != null) ? marker : " JOIN purchase p ON ("));
		assertThat(warnings()).isEmpty();
		assertRowsChanged(moved);
	}

	// Only an index whose first column is the join column finds the scheduled rows of one joined row.
	@Test
	void anIndexLeadingWithAnotherColumnDoesNotCountAsAnIndexOnTheJoinColumn() {
		this.jdbc.execute("CREATE INDEX scheduled_test_purchase_due ON scheduled_test_purchase (due_at, purchase_id)");

		runSelections(this.releaseAt.plus(Duration.ofDays(7)));

		assertThat(selectionStatements()).allSatisfy((sql) -> assertThat(sql).contains(" JOIN purchase p ON ("));
	}

	// The lookup of one purchase's scheduled rows has no condition on the status: a pending-only index cannot serve it.
	@Test
	void aPartialIndexOnTheJoinColumnDoesNotCountAsAnIndexOnIt() {
		assumeTrue(this.database.name().equals("PostgreSQL"), "only PostgreSQL has partial indexes");
		this.jdbc.execute("CREATE INDEX scheduled_test_purchase_pending_purchase ON scheduled_test_purchase (purchase_id)"
				+ " WHERE status = 'PENDING'");

		runSelections(this.releaseAt.plus(Duration.ofDays(7)));

		assertThat(selectionStatements()).allSatisfy((sql) -> assertThat(sql).contains(" JOIN purchase p ON ("));
	}

	private void runSelections(Instant moved) {
		this.recorder.drain();
		assertThat(album(1).list(10)).extracting(TestPurchase::getPurchaseId).containsExactlyInAnyOrder(1L, 2L);
		assertThat(album(2).count()).isEqualTo(2);
		assertThat(album(2).rescheduleTo(moved)).isEqualTo(new ChangeResult(2, 0));
		assertThat(album(3).cancel()).isEqualTo(new ChangeResult(2, 0));
	}

	private void assertRowsChanged(Instant moved) {
		assertThat(rows()).containsExactlyInAnyOrder(row(1, this.releaseAt, "PENDING"), row(2, this.releaseAt, "PENDING"),
				row(3, moved, "PENDING"), row(4, moved, "PENDING"), row(5, this.releaseAt, "CANCELLED"),
				row(6, this.releaseAt, "CANCELLED"));
	}

	private List<String> selectionStatements() {
		List<String> statements = this.recorder.drain()
			.stream()
			.map(Recorded::sql)
			.filter((sql) -> sql.contains("purchase p"))
			.toList();
		assertThat(statements).as("statements joining the purchases").hasSizeGreaterThanOrEqualTo(4);
		return statements;
	}

	private List<String> warnings() {
		return this.log.list.stream()
			.filter((event) -> event.getLevel() == Level.WARN)
			.map(ILoggingEvent::getFormattedMessage)
			.toList();
	}

	private Selection<TestPurchase> album(long albumId) {
		return this.repositories.select(TestPurchase.class)
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("p.album_id = :albumId")
			.param("albumId", albumId);
	}

	private List<String> rows() {
		return this.jdbc.query("SELECT purchase_id, due_at, status FROM scheduled_test_purchase",
				(rs, n) -> row(rs.getLong(1), this.database.instant(rs, 2), rs.getString(3)));
	}

	private static String row(long purchaseId, Instant dueAt, String status) {
		return purchaseId + " " + dueAt + " " + status;
	}

	private static Logger logger() {
		return (Logger) LoggerFactory.getLogger("dev.awty.internal.selection");
	}

}
