package dev.awty.autoconfigure;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.FilteredClassLoader;

import dev.awty.EventScheduler;
import dev.awty.internal.jpa.JpaEventTypes;
import dev.awty.internal.support.PendingWrites;
import dev.awty.spi.EventPublisher;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application without JPA on its class path gets none of awty's JPA support, and schedules as before.
 */
class JpaAbsentAutoConfigurationTests {

	private final TestDatabase database = TestDatabases.h2();

	@Test
	void withoutJpaOnTheClassPathNoJpaBeanIsDefinedAndSchedulingWorks() {
		this.database.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withClassLoader(new FilteredClassLoader("jakarta.persistence", "org.springframework.orm.jpa",
					"org.hibernate"))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).doesNotHaveBean(PendingWrites.class).doesNotHaveBean(JpaEventTypes.class);
				assertThat(context.getBean(EventPublisher.class).getClass().getSimpleName())
					.isEqualTo("ChannelEventPublisher");
				long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(7),
						Instant.now().plusSeconds(3600));
				assertThat(id).isPositive();
			});
	}

}
