package dev.awty.autoconfigure;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.FilteredClassLoader;

import dev.awty.EventScheduler;
import dev.awty.internal.tracing.RowTracing;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An application without Micrometer Tracing, or without Micrometer at all, on its class path gets no row
 * tracing; a table with the {@code trace_parent} column is scheduled and delivered as before.
 */
class TracingAbsentAutoConfigurationTests {

	private final TestDatabase database = TestDatabases.h2();

	@Test
	void withoutMicrometerTracingRowsKeepNoTraceAndAreDelivered() {
		deliversWithoutTracing(new FilteredClassLoader("io.micrometer.tracing"));
	}

	@Test
	void withoutMicrometerRowsKeepNoTraceAndAreDelivered() {
		deliversWithoutTracing(new FilteredClassLoader("io.micrometer"));
	}

	private void deliversWithoutTracing(FilteredClassLoader classLoader) {
		this.database.execute(TestPurchase.TABLE_DDL);
		this.database.jdbc().execute("ALTER TABLE scheduled_test_purchase ADD trace_parent VARCHAR(64)");
		ReceivedEvents received = new ReceivedEvents();
		AwtyContexts.purchases(this.database, received)
			.withClassLoader(classLoader)
			.withPropertyValues("awty.poller.poll-interval=100ms")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(RowTracing.class);
				long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(1),
						this.database.databaseNow());
				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
				assertThat(this.database.jdbc().queryForObject(
						"SELECT trace_parent FROM scheduled_test_purchase WHERE id = ?", String.class, id)).isNull();
				assertThat(received.all().get(0).message().getHeaders()).doesNotContainKey("traceparent");
			});
	}

}
