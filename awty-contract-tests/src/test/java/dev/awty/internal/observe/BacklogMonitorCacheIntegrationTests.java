package dev.awty.internal.observe;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import dev.awty.dialect.H2Dialect;
import dev.awty.internal.model.EventType;
import dev.awty.internal.model.EventTypeFactory;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Overview reads on request (dashboard pages polling every few seconds, actuator calls) share one recent count
 * instead of each counting every table.
 */
class BacklogMonitorCacheIntegrationTests {

	private final TestDatabase database = TestDatabases.h2();

	@Test
	void readsOnRequestShareARecentCountAndOnlyAnExplicitRefreshCountsAgain() {
		this.database.execute(TestPurchase.TABLE_DDL);
		H2Dialect dialect = new H2Dialect();
		EventType<?> type = new EventTypeFactory(dialect).create(TestPurchase.class);
		// An hour, so that the test does not depend on how fast it runs.
		BacklogMonitor monitor = new BacklogMonitor(Duration.ofSeconds(10), Duration.ofHours(1));
		monitor.add(type, true, dialect, this.database.simpleDataSource());
		insertPending();

		assertThat(monitor.recent().get(type.name()).pending()).isEqualTo(1);
		insertPending();
		assertThat(monitor.recent().get(type.name()).pending()).as("the count of the first read").isEqualTo(1);

		assertThat(monitor.refreshNow().get(type.name()).pending()).isEqualTo(2);
		assertThat(monitor.recent().get(type.name()).pending()).isEqualTo(2);
	}

	@Test
	void readsOnRequestCountAgainOnceTheirCountIsOlderThanTheMaximumAge() {
		this.database.execute(TestPurchase.TABLE_DDL);
		H2Dialect dialect = new H2Dialect();
		EventType<?> type = new EventTypeFactory(dialect).create(TestPurchase.class);
		BacklogMonitor monitor = new BacklogMonitor(Duration.ofSeconds(10), Duration.ZERO);
		monitor.add(type, true, dialect, this.database.simpleDataSource());

		assertThat(monitor.recent().get(type.name()).pending()).isZero();
		insertPending();
		assertThat(monitor.recent().get(type.name()).pending()).isEqualTo(1);
	}

	private void insertPending() {
		this.database.jdbc().update("INSERT INTO scheduled_test_purchase (purchase_id, due_at, status) VALUES (1, ?, 'PENDING')",
				this.database.timestamp(Instant.now().plus(Duration.ofDays(1))));
	}

}
