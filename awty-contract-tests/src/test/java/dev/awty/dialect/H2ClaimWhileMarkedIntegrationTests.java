package dev.awty.dialect;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.internal.claim.DueClaim;
import dev.awty.spi.ClaimStatement;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * H2's claims taking turns, as under the type's lock, while the rows they claimed are marked delivered on other
 * connections: a row being marked at the moment of a claim must not be claimed (and published) a second time.
 */
class H2ClaimWhileMarkedIntegrationTests {

	private static final String TABLE = "scheduled_test_purchase";

	private static final int ROWS = 300;

	private static final int CLAIMERS = 3;

	// as HeldRowWrites marks a published row
	private static final String MARK_DELIVERED = "UPDATE " + TABLE + " SET status = 'DELIVERED',"
			+ " delivered_at = CURRENT_TIMESTAMP, attempts = attempts + 1, claimed_until = NULL"
			+ " WHERE id = :id AND claimed_by = :claimer AND status = 'PENDING'";

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void noRowIsClaimedAgainWhileItsHolderMarksItDelivered(boolean onePerKey) throws Exception {
		TestDatabase database = TestDatabases.h2();
		database.execute(TestPurchase.TABLE_DDL);
		database.jdbc().execute("CREATE INDEX " + TABLE + "_pending ON " + TABLE + " (status, due_at)");
		database.jdbc().execute("CREATE INDEX " + TABLE + "_key ON " + TABLE + " (purchase_id)");
		database.jdbc().batchUpdate("INSERT INTO " + TABLE + " (purchase_id, due_at) VALUES (?, " + database.now() + ")",
				IntStream.range(0, ROWS).mapToObj((row) -> new Object[] { row % 6 }).toList());
		H2Dialect dialect = new H2Dialect();
		String claim = ((ClaimStatement.Returning) DueClaim.filled(
				onePerKey ? dialect.claimDueRowsOnePerKey() : dialect.claimDueRows(), TABLE, "due_at, id", "purchase_id"))
			.claim();
		DataSource dataSource = database.simpleDataSource();
		JdbcClient jdbc = JdbcClient.create(dataSource);
		TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
		Map<Long, String> claimedBy = new ConcurrentHashMap<>();
		Set<Long> claimedTwice = ConcurrentHashMap.newKeySet();
		AtomicInteger delivered = new AtomicInteger();
		ExecutorService marks = Executors.newFixedThreadPool(6);
		ExecutorService claimers = Executors.newFixedThreadPool(CLAIMERS);
		Object turns = new Object();
		AtomicInteger tokens = new AtomicInteger();
		for (int claimer = 0; claimer < CLAIMERS; claimer++) {
			claimers.execute(() -> {
				// bounded: a claim that takes nothing while rows are left still ends
				for (int claims = 0; claims < 20 * ROWS && delivered.get() < ROWS; claims++) {
					String token = "claimer#" + tokens.incrementAndGet();
					List<Long> ids;
					synchronized (turns) {
						ids = transaction.execute((status) -> jdbc.sql(claim)
							.param("limit", 10)
							.param("aheadMillis", 0)
							.param("claimer", token)
							.param("leaseMillis", 30_000)
							.query((rs, row) -> rs.getLong("id"))
							.list());
					}
					for (Long id : ids) {
						if (claimedBy.put(id, token) != null) {
							claimedTwice.add(id);
						}
						marks.execute(() -> {
							if (jdbc.sql(MARK_DELIVERED).param("id", id).param("claimer", token).update() == 1) {
								delivered.incrementAndGet();
							}
						});
					}
				}
			});
		}
		claimers.shutdown();
		assertThat(claimers.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
		marks.shutdown();
		assertThat(marks.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
		assertThat(claimedTwice).isEmpty();
		assertThat(delivered).hasValue(ROWS);
	}

}
