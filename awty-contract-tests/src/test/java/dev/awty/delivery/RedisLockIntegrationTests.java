package dev.awty.delivery;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.AwtyConfigurationException;
import dev.awty.EventScheduler;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.TestRedis;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Leader mode with the leader lock in the application's Redis instead of the database.
 */
class RedisLockIntegrationTests {

	private final TestDatabase database = TestDatabases.h2();

	private final JdbcTemplate jdbc = this.database.jdbc();

	@Test
	void twoInstancesShareLeadershipThroughRedisAndDeliverEachRowOnce() {
		String redisUrl = TestRedis.url();
		this.jdbc.execute(TestPurchase.TABLE_DDL);
		ReceivedEvents received = new ReceivedEvents();
		var runner = AwtyContexts.purchases(this.database, received)
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("awty.lock.provider=redis", "spring.data.redis.url=" + redisUrl,
					"awty.poller.poll-interval=100ms", "awty.poller.batch-size=100");
		runner.withPropertyValues("awty.instance-id=a").run((first) -> runner.withPropertyValues("awty.instance-id=b")
			.run((second) -> {
				assertThat(first.getBean(LockProvider.class)).isInstanceOf(RedisLockProvider.class);
				List<TestPurchase> purchases = new ArrayList<>();
				for (int i = 0; i < 2_000; i++) {
					purchases.add(new TestPurchase(i));
				}
				first.getBean(EventScheduler.class)
					.scheduleAll(purchases, this.jdbc.queryForObject("SELECT CURRENT_TIMESTAMP", OffsetDateTime.class)
						.toInstant());

				await().atMost(Duration.ofSeconds(30)).until(() -> received.distinctEventIds() == 2_000);
				assertThat(received.duplicates()).isZero();
				assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM shedlock", Integer.class))
					.as("no lock was taken in the database").isZero();
			}));
	}

	@Test
	void failsAtStartupNamingThePropertyWhenNoRedisIsConfigured() {
		this.jdbc.execute(TestPurchase.TABLE_DDL);
		AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withPropertyValues("awty.lock.provider=redis")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(AwtyConfigurationException.class)
				.hasMessage("awty.lock.provider=redis, but the application has no single RedisConnectionFactory"));
	}

}
