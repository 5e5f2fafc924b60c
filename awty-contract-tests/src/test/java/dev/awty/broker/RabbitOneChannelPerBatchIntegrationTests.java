package dev.awty.broker;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.EventScheduler;
import dev.awty.integration.SendScope;
import dev.awty.integration.amqp.AmqpAcknowledgements;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.RoutedBrokerConfigurations;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.TestRabbit;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code AmqpAcknowledgements.oneChannelPerBatch}: a batch sent on one RabbitMQ channel still counts each row
 * only once its confirm arrived, and a returned message is still a failed attempt. Where the rows live does not
 * matter here, so the test runs on H2 only.
 */
class RabbitOneChannelPerBatchIntegrationTests {

	private TestDatabase database;

	private JdbcTemplate jdbc;

	private CachingConnectionFactory connections;

	private RabbitAdmin admin;

	private String exchange;

	@BeforeEach
	void declareExchangeAndQueue() {
		this.database = TestDatabases.h2();
		this.jdbc = this.database.jdbc();
		this.database.execute(TestPurchase.TABLE_DDL);
		this.connections = TestRabbit.connectionFactory();
		this.admin = new RabbitAdmin(this.connections);
		this.exchange = "awty.scoped." + UUID.randomUUID();
		DirectExchange direct = new DirectExchange(this.exchange, false, true);
		this.admin.declareExchange(direct);
		Queue queue = new Queue(this.exchange, false, false, false);
		this.admin.declareQueue(queue);
		this.admin.declareBinding(BindingBuilder.bind(queue).to(direct).with("test_purchase"));
	}

	@AfterEach
	void deleteExchangeAndQueue() {
		this.admin.deleteQueue(this.exchange);
		this.admin.deleteExchange(this.exchange);
		this.connections.destroy();
	}

	private ApplicationContextRunner scoped(String... properties) {
		return AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class))
			.withUserConfiguration(RoutedBrokerConfigurations.ToRabbit.class, OneChannelPerBatch.class)
			.withPropertyValues(this.database.datasourceProperties())
			.withPropertyValues(TestRabbit.confirmingProperties(TestRabbit.host(), TestRabbit.port()))
			.withPropertyValues("test.rabbit.exchange=" + this.exchange, "awty.poller.poll-interval=100ms")
			.withPropertyValues(properties);
	}

	@Test
	void everyRowOfBatchesSentOnOneChannelIsDeliveredOnceAndCountedOnlyAfterItsConfirm() {
		scoped().run((context) -> {
			context.getBean(EventScheduler.class).scheduleAll(purchases(2_000), Instant.now().minusSeconds(1));

			await().atMost(Duration.ofMinutes(2)).until(() -> rows("DELIVERED") == 2_000);

			assertThat(this.admin.getQueueInfo(this.exchange).getMessageCount()).isEqualTo(2_000);
		});
	}

	@Test
	void aMessageReturnedAsUnroutableIsAFailedAttemptWhenSentOnTheBatchChannel() {
		scoped("awty.types.test_purchase.rabbit.routing-key=nowhere", "awty.retry.initial-backoff=1h",
				"awty.retry.max-backoff=1h")
			.run((context) -> {
				context.getBean(EventScheduler.class).scheduleAll(purchases(3), Instant.now().minusSeconds(1));

				await().atMost(Duration.ofSeconds(60))
					.until(() -> this.jdbc.queryForObject(
							"SELECT COUNT(*) FROM scheduled_test_purchase WHERE attempts = 1 AND status = 'PENDING'",
							Integer.class) == 3);

				assertThat(this.jdbc.queryForList("SELECT last_error FROM scheduled_test_purchase", String.class))
					.allSatisfy((error) -> assertThat(error).startsWith("returned by RabbitMQ as unroutable: 312 NO_ROUTE"));
				assertThat(rows("DELIVERED")).isZero();
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class OneChannelPerBatch {

		@Bean
		SendScope purchasesOnOneRabbitChannel(RabbitTemplate rabbitTemplate) {
			return AmqpAcknowledgements.oneChannelPerBatch(rabbitTemplate, "testPurchases");
		}

	}

	private static List<TestPurchase> purchases(int count) {
		List<TestPurchase> purchases = new ArrayList<>(count);
		IntStream.range(0, count).forEach((i) -> purchases.add(new TestPurchase(i)));
		return purchases;
	}

	private int rows(String status) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_test_purchase WHERE status = ?", Integer.class,
				status);
	}

}
