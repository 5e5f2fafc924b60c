package dev.awty.broker;

import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.AwtyConfigurationException;
import dev.awty.EventScheduler;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.RoutedBrokerConfigurations;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.TestRabbit;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The RabbitMQ option of a type, {@code awty.types.<name>.rabbit.routing-key}, and the text headers, as a plain
 * consumer of a queue on the real broker sees them. Where the rows live does not matter here, so the test runs on
 * H2 only.
 */
class RabbitRoutingIntegrationTests {

	private static final String CONFIGURED_KEY = "shop.purchase.fulfil";

	private TestDatabase database;

	private CachingConnectionFactory connections;

	private RabbitAdmin admin;

	private String exchange;

	@BeforeEach
	void declareExchangeAndQueues() {
		this.database = TestDatabases.h2();
		this.database.execute(TestPurchase.TABLE_DDL);
		this.connections = TestRabbit.connectionFactory();
		this.admin = new RabbitAdmin(this.connections);
		this.exchange = "awty.routed." + UUID.randomUUID();
		DirectExchange direct = new DirectExchange(this.exchange, false, true);
		this.admin.declareExchange(direct);
		for (String key : new String[] { CONFIGURED_KEY, "test_purchase" }) {
			Queue queue = new Queue(queue(key), false, false, false);
			this.admin.declareQueue(queue);
			this.admin.declareBinding(BindingBuilder.bind(queue).to(direct).with(key));
		}
	}

	@AfterEach
	void deleteExchangeAndQueues() {
		this.admin.deleteQueue(queue(CONFIGURED_KEY));
		this.admin.deleteQueue(queue("test_purchase"));
		this.admin.deleteExchange(this.exchange);
		this.connections.destroy();
	}

	private String queue(String routingKey) {
		return this.exchange + "." + routingKey;
	}

	private ApplicationContextRunner routed(String... properties) {
		return AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(RabbitAutoConfiguration.class))
			.withUserConfiguration(RoutedBrokerConfigurations.ToRabbit.class)
			.withPropertyValues(this.database.datasourceProperties())
			.withPropertyValues(TestRabbit.confirmingProperties(TestRabbit.host(), TestRabbit.port()))
			.withPropertyValues("test.rabbit.exchange=" + this.exchange, "awty.poller.poll-interval=100ms")
			.withPropertyValues(properties);
	}

	@Test
	void messagesAreRoutedWithTheConfiguredRoutingKeyAndCarryAwtyHeadersAsStrings() {
		routed("awty.types.test_purchase.rabbit.routing-key=" + CONFIGURED_KEY).run((context) -> {
			Instant due = Instant.parse("2026-01-02T03:04:05.678Z");
			long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(7), due);

			Message message = new RabbitTemplate(this.connections).receive(queue(CONFIGURED_KEY), 60_000);

			assertThat(message).as("message routed with '%s'", CONFIGURED_KEY).isNotNull();
			assertThat(message.getMessageProperties().getReceivedRoutingKey()).isEqualTo(CONFIGURED_KEY);
			assertThat(message.getMessageProperties().getHeaders()).containsEntry("awty_event_id", "test_purchase/" + id + "/1")
				.containsEntry("awty_type", "test_purchase")
				.containsEntry("awty_attempt", "1")
				.containsEntry("awty_due_at", "2026-01-02T03:04:05.678Z")
				.containsEntry("awty_routing_key", CONFIGURED_KEY);
			assertThat(new RabbitTemplate(this.connections).receive(queue("test_purchase"))).isNull();
		});
	}

	@Test
	void withoutAConfiguredRoutingKeyMessagesAreRoutedByTheTypeName() {
		routed().run((context) -> {
			context.getBean(EventScheduler.class).schedule(new TestPurchase(8), Instant.now().minusSeconds(1));

			Message message = new RabbitTemplate(this.connections).receive(queue("test_purchase"), 60_000);

			assertThat(message).as("message routed with the type name").isNotNull();
			assertThat(message.getMessageProperties().getReceivedRoutingKey()).isEqualTo("test_purchase");
		});
	}

	@Test
	void failsAtStartupNamingTheRoutingKeyPropertyWhenRabbitMqWouldRefuseItsLength() {
		routed("awty.types.test_purchase.rabbit.routing-key=" + "k".repeat(256)).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(AwtyConfigurationException.class)
				.hasMessage("awty.types.test_purchase.rabbit.routing-key is 256 bytes long, which RabbitMQ refuses");
		});
	}

}
