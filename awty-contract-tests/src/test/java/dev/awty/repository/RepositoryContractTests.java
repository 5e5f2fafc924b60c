package dev.awty.repository;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.awty.AwtyException;
import dev.awty.EventStatus;
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
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Selecting, moving and cancelling scheduled rows through joins, written once and run on every database.
 */
@ParameterizedClass
@MethodSource("matrix")
class RepositoryContractTests extends DatabaseContractTests {

	private EventRepositories repositories;

	private Instant releaseAt;

	/** Where this contract runs: each set is one run of every test below. */
	static Stream<Arguments> matrix() {
		return Stream.of(ContractMatrix.h2(),
				ContractMatrix.postgres(),
				ContractMatrix.mariadb(),
				ContractMatrix.mysql());
	}

	RepositoryContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createShop() {
		TestDatabase database = this.database;
		database.execute(TestPurchase.TABLE_DDL);
		// Indexed as the README asks, so that PostgreSQL and MariaDB read the joined tables first (JoinIndexContractTests
		// covers the plain join used without it).
		database.execute("CREATE INDEX scheduled_test_purchase_purchase ON scheduled_test_purchase (purchase_id)");
		this.jdbc.execute("CREATE TABLE purchase (id BIGINT PRIMARY KEY, album_id BIGINT NOT NULL, customer_email VARCHAR(320))");
		SqlDialect dialect = DialectDetector.detect(database.simpleDataSource(), null);
		EventTable<?> table = new EventTable<>(new EventTypeFactory(dialect).create(TestPurchase.class), dialect,
				database.simpleDataSource());
		this.repositories = new JdbcEventRepositories(List.of(table),
				new DueSignals(new WakeUps(java.time.Clock.systemUTC()), false), new DueTimeSlots(Map.of()));
		this.releaseAt = Instant.now().plus(Duration.ofDays(30)).truncatedTo(ChronoUnit.SECONDS);
		// album 1: purchases 1-3 (ada, bob, ada); album 2: purchases 4-5 (ada, cy)
		purchase(1, 1, "ada@example.com");
		purchase(2, 1, "bob@example.com");
		purchase(3, 1, "ada@example.com");
		purchase(4, 2, "ada@example.com");
		purchase(5, 2, "cy@example.com");
	}

	@Test
	void reschedulesEveryPendingRowOfOneAlbumThroughAJoinAndBumpsTheirVersion() {
		this.jdbc.update("UPDATE scheduled_test_purchase SET status = 'DELIVERED' WHERE purchase_id = 3");
		Instant moved = this.releaseAt.plus(Duration.ofDays(7));

		ChangeResult result = album(1).rescheduleTo(moved);

		assertThat(result).isEqualTo(new ChangeResult(2, 0));
		assertThat(rows()).containsExactlyInAnyOrder(row(1, moved, "PENDING", 2), row(2, moved, "PENDING", 2),
				row(3, this.releaseAt, "DELIVERED", 1), row(4, this.releaseAt, "PENDING", 1),
				row(5, this.releaseAt, "PENDING", 1));
	}

	@Test
	void leavesRowsThatAreBeingDeliveredAloneAndReportsThemInFlight() {
		this.jdbc.update("UPDATE scheduled_test_purchase SET claimed_by = 'other', claimed_until = ? WHERE purchase_id = 2",
				this.database.timestamp(Instant.now().plus(Duration.ofHours(1))));
		Instant moved = this.releaseAt.plus(Duration.ofDays(7));

		assertThat(album(1).rescheduleTo(moved)).isEqualTo(new ChangeResult(2, 1));
		assertThat(dueAt(2)).isEqualTo(this.releaseAt);
		assertThat(album(1).cancel()).isEqualTo(new ChangeResult(2, 1));
	}

	@Test
	void cancelsOneCustomersPendingRowsAcrossAlbumsOnly() {
		ChangeResult result = this.repositories.select(TestPurchase.class)
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("p.customer_email = :email")
			.param("email", "ada@example.com")
			.cancel();

		assertThat(result).isEqualTo(new ChangeResult(3, 0));
		assertThat(statusByPurchase()).containsExactlyInAnyOrderEntriesOf(
				Map.of(1L, "CANCELLED", 2L, "PENDING", 3L, "CANCELLED", 4L, "CANCELLED", 5L, "PENDING"));
	}

	@Test
	void reschedulesThroughTwoJoinsWhoseConditionsNameEachOtherAndTheScheduledTable() {
		this.jdbc.execute("CREATE TABLE album (id BIGINT PRIMARY KEY, title VARCHAR(100) NOT NULL)");
		this.jdbc.update("INSERT INTO album (id, title) VALUES (1, 'first'), (2, 'second')");
		Instant moved = this.releaseAt.plus(Duration.ofDays(7));

		ChangeResult result = this.repositories.select(TestPurchase.class)
			.join("purchase", "p", "p.id = e.purchase_id")
			.join("album", "a", "a.id = p.album_id")
			.where("a.title = :title")
			.where("p.customer_email = :email")
			.param("title", "second")
			.param("email", "ada@example.com")
			.rescheduleTo(moved);

		assertThat(result).isEqualTo(new ChangeResult(1, 0));
		assertThat(rows()).containsExactlyInAnyOrder(row(1, this.releaseAt, "PENDING", 1),
				row(2, this.releaseAt, "PENDING", 1), row(3, this.releaseAt, "PENDING", 1), row(4, moved, "PENDING", 2),
				row(5, this.releaseAt, "PENDING", 1));
	}

	@Test
	void shiftsDueTimesOfOneAlbumRelatively() {
		assertThat(album(2).shiftBy(Duration.ofHours(-2))).isEqualTo(new ChangeResult(2, 0));
		assertThat(dueAt(4)).isEqualTo(this.releaseAt.minus(Duration.ofHours(2)));
		assertThat(dueAt(5)).isEqualTo(this.releaseAt.minus(Duration.ofHours(2)));
		assertThat(dueAt(1)).isEqualTo(this.releaseAt);
	}

	@Test
	void deliverNowMakesTheSelectedRowsDueByTheDatabaseClock() {
		assertThat(album(2).deliverNow()).isEqualTo(new ChangeResult(2, 0));
		Instant databaseNow = this.database.databaseNow();
		assertThat(dueAt(4)).isBeforeOrEqualTo(databaseNow);
		assertThat(dueAt(1)).isEqualTo(this.releaseAt);
	}

	@Test
	void retryGivesFailedRowsOfTheSelectionANewStart() {
		this.jdbc.update("UPDATE scheduled_test_purchase SET status = 'FAILED', attempts = 10, last_error = 'broker down'"
				+ " WHERE purchase_id IN (1, 4)");

		assertThat(album(1).retry()).isEqualTo(new ChangeResult(1, 0));
		assertThat(statusByPurchase()).containsEntry(1L, "PENDING").containsEntry(4L, "FAILED");
		assertThat(this.jdbc.queryForObject("SELECT attempts FROM scheduled_test_purchase WHERE purchase_id = 1",
				Integer.class)).isZero();
	}

	@Test
	void listsCountsAndPagesThePendingRowsOfASelectionEarliestFirst() {
		this.jdbc.update("UPDATE scheduled_test_purchase SET due_at = ? WHERE purchase_id = 3",
				this.database.timestamp(this.releaseAt.minusSeconds(60)));
		this.jdbc.update("UPDATE scheduled_test_purchase SET status = 'CANCELLED' WHERE purchase_id = 2");

		assertThat(album(1).count()).isEqualTo(2);
		assertThat(album(1).list(10)).extracting(TestPurchase::getPurchaseId).containsExactly(3L, 1L);
		assertThat(album(1).page(1, 10)).extracting(TestPurchase::getPurchaseId).containsExactly(1L);
		assertThat(album(1).withStatus(EventStatus.CANCELLED).list(10)).extracting(TestPurchase::getPurchaseId)
			.containsExactly(2L);
		assertThat(this.repositories.select(TestPurchase.class).count()).isEqualTo(4);
	}

	@Test
	void unknownColumnInAPredicateFailsNamingTheTypeWithTheDatabaseMessage() {
		assertThatException()
			.isThrownBy(() -> this.repositories.select(TestPurchase.class).where("e.no_such_column = 1").count())
			.isInstanceOf(AwtyException.class)
			.withMessageStartingWith("Selection of event type 'test_purchase' failed: ")
			.satisfies((ex) -> assertThat(ex.getMessage().toLowerCase()).contains("no_such_column"));
	}

	@Test
	void nullParameterValuesAreBoundAsSqlNull() {
		this.jdbc.update("UPDATE purchase SET customer_email = NULL WHERE id = 5");
		assertThat(this.repositories.select(TestPurchase.class)
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("COALESCE(p.customer_email, '') = COALESCE(:email, '')")
			.param("email", null)
			.count()).isEqualTo(1);
	}

	@Test
	void nullInstantOrDurationIsRejectedNamingTheArgument() {
		assertThatIllegalArgumentException().isThrownBy(() -> album(1).rescheduleTo(null))
			.withMessage("dueAt must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> album(1).shiftBy(null))
			.withMessage("offset must not be null");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.repositories.select(TestPurchase.class).join("purchase; DROP TABLE x", "p", "1 = 1"))
			.withMessageContaining("is not a valid joined table name");
	}

	@Test
	void deliverNowAndRetryKeepTheVersionAndSoTheEventIdWhileARescheduleBumpsIt() {
		this.jdbc.update("UPDATE scheduled_test_purchase SET status = 'FAILED', attempts = 20 WHERE purchase_id = 1");

		assertThat(album(1).retry()).isEqualTo(new ChangeResult(1, 0));
		assertThat(album(2).deliverNow()).isEqualTo(new ChangeResult(2, 0));

		assertThat(this.jdbc.queryForList("SELECT DISTINCT version FROM scheduled_test_purchase", Integer.class))
			.containsExactly(1);
		album(2).rescheduleTo(this.releaseAt);
		assertThat(this.jdbc.queryForObject("SELECT version FROM scheduled_test_purchase WHERE purchase_id = 4",
				Integer.class)).isEqualTo(2);
	}

	@Test
	void predicateOrJoinConditionThatCouldEscapeItsParenthesesIsRejectedNamingTheProblem() {
		List<String> escaping = List.of("1=1) OR (1=1", "(e.id = 1", "e.id = 1; DELETE FROM purchase", "e.id = 1 -- x",
				"e.id = 1 /* x */", "e.id = 1 # x", "e.last_error = 'x\\' OR 1 = 1", "$$)$$ = $$)$$", "e.last_error = 'x");
		for (String predicate : escaping) {
			assertThatIllegalArgumentException().as(predicate)
				.isThrownBy(() -> this.repositories.select(TestPurchase.class).where(predicate))
				.withMessageStartingWith("The predicate must be one SQL condition, with balanced parentheses and no ';'"
						+ " or comment, but ")
				.withMessageEndingWith(": " + predicate);
		}
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.repositories.select(TestPurchase.class)
				.join("purchase", "p", "p.id = e.purchase_id) JOIN purchase q ON (1 = 1"))
			.withMessageContaining("The join condition must be one SQL condition")
			.withMessageContaining("a ')' closes a parenthesis it did not open");
		assertThat(this.repositories.select(TestPurchase.class)
			.where("e.last_error IS NULL OR e.last_error <> 'a('')-- ;'")
			.count()).as("quoted text may hold anything but a backslash").isEqualTo(5);
	}

	@Test
	void currentTimestampInTheCallersPredicateIsLeftAsWrittenOnEveryDatabase() {
		this.jdbc.update("UPDATE scheduled_test_purchase SET last_error = 'CURRENT_TIMESTAMP' WHERE purchase_id = 4");

		assertThat(this.repositories.select(TestPurchase.class)
			.where("e.last_error = 'CURRENT_TIMESTAMP'")
			.deliverNow()).isEqualTo(new ChangeResult(1, 0));
	}

	private Selection<TestPurchase> album(long albumId) {
		return this.repositories.select(TestPurchase.class)
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("p.album_id = :albumId")
			.param("albumId", albumId);
	}

	private void purchase(long id, long albumId, String email) {
		this.jdbc.update("INSERT INTO purchase (id, album_id, customer_email) VALUES (?, ?, ?)", id, albumId, email);
		this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at) VALUES (?, ?)", id,
				this.database.timestamp(this.releaseAt));
	}

	private Instant dueAt(long purchaseId) {
		return this.jdbc.queryForObject("SELECT due_at FROM scheduled_test_purchase WHERE purchase_id = ?",
				(rs, n) -> this.database.instant(rs, 1), purchaseId);
	}

	private Map<Long, String> statusByPurchase() {
		Map<Long, String> statuses = new java.util.HashMap<>();
		this.jdbc.query("SELECT purchase_id, status FROM scheduled_test_purchase",
				(rs) -> {
					statuses.put(rs.getLong(1), rs.getString(2));
				});
		return statuses;
	}

	private List<String> rows() {
		return this.jdbc.query("SELECT purchase_id, due_at, status, version FROM scheduled_test_purchase",
				(rs, n) -> row(rs.getLong(1), this.database.instant(rs, 2), rs.getString(3),
						rs.getInt(4)));
	}

	private static String row(long purchaseId, Instant dueAt, String status, int version) {
		return purchaseId + " " + dueAt + " " + status + " v" + version;
	}

}
