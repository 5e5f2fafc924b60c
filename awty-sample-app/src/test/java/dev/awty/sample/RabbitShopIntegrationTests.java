package dev.awty.sample;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

import dev.awty.AwtyHeaders;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.TestRabbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The shop with profile {@code rabbit}: download emails go out through RabbitMQ and come back through a
 * listener that counts a redelivered event as a duplicate instead of sending a second email.
 */
class RabbitShopIntegrationTests {

	@Test
	void releasedPurchasesAreEmailedOnceThroughRabbitMqAndARedeliveryIsCountedAsDuplicate() {
		String queue = "shop.download-emails.test." + UUID.randomUUID();
		CachingConnectionFactory connections = TestRabbit.connectionFactory();
		try (ShopInstance shop = ShopInstance.start(TestDatabases.h2(), withRabbit(queue))) {
			long albumId = shop.createAlbum("Through RabbitMQ", Instant.now().plusSeconds(1));
			shop.post("/purchases/bulk", "{\"albumId\":" + albumId + ",\"count\":300}");

			await().atMost(Duration.ofSeconds(60)).until(() -> shop.stat("emailsSent") == 300);
			assertThat(shop.stat("duplicateDeliveries")).isZero();

			Map<String, Object> sent = shop.getList("/emails?albumId=" + albumId).get(0);
			new RabbitTemplate(connections).send("awty.events", "purchase",
					new org.springframework.amqp.core.Message(
							("{\"purchaseId\":" + sent.get("purchaseId") + "}").getBytes(), redelivery(sent)));

			await().atMost(Duration.ofSeconds(30)).until(() -> shop.stat("duplicateDeliveries") == 1);
			assertThat(shop.stat("emailsSent")).isEqualTo(300);
		}
		finally {
			new RabbitAdmin(connections).deleteQueue(queue);
			connections.destroy();
		}
	}

	private static String[] withRabbit(String queue) {
		List<String> properties = new java.util.ArrayList<>(
				List.of(TestRabbit.confirmingProperties(TestRabbit.host(), TestRabbit.port())));
		properties.add("spring.profiles.active=rabbit");
		properties.add(ShopInstance.TEST_FIXTURES);
		properties.add("shop.rabbit.queue=" + queue);
		return properties.toArray(String[]::new);
	}

	private static MessageProperties redelivery(Map<String, Object> sent) {
		MessageProperties properties = new MessageProperties();
		properties.setContentType(MessageProperties.CONTENT_TYPE_TEXT_PLAIN);
		properties.setHeader(AwtyHeaders.EVENT_ID, sent.get("eventId"));
		return properties;
	}


}
