package dev.awty.sample;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import dev.awty.AwtyHeaders;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The shop with profile {@code kafka}, on spring-kafka-test's embedded KRaft broker: download emails go out
 * through Kafka and come back through a listener that counts a redelivered event as a duplicate.
 */
class KafkaShopIntegrationTests {

	@Test
	void releasedPurchasesAreEmailedOnceThroughKafkaAndARedeliveryIsCountedAsDuplicate() throws Exception {
		EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 1);
		broker.afterPropertiesSet();
		try (ShopInstance shop = ShopInstance.start(TestDatabases.h2(), "spring.profiles.active=kafka", ShopInstance.TEST_FIXTURES,
				"spring.kafka.bootstrap-servers=" + broker.getBrokersAsString(),
				"shop.kafka.group=shop-test-" + UUID.randomUUID())) {
			long albumId = shop.createAlbum("Through Kafka", Instant.now().plusSeconds(1));
			shop.post("/purchases/bulk", "{\"albumId\":" + albumId + ",\"count\":300}");

			await().atMost(Duration.ofSeconds(90)).until(() -> shop.stat("emailsSent") == 300);
			assertThat(shop.stat("duplicateDeliveries")).isZero();

			Map<String, Object> sent = shop.getList("/emails?albumId=" + albumId).get(0);
			try (KafkaProducer<String, String> producer = new KafkaProducer<>(
					Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.getBrokersAsString()), new StringSerializer(),
					new StringSerializer())) {
				ProducerRecord<String, String> redelivery = new ProducerRecord<>("awty.purchase",
						"{\"purchaseId\":" + sent.get("purchaseId") + "}");
				redelivery.headers()
					.add(AwtyHeaders.EVENT_ID, ((String) sent.get("eventId")).getBytes(StandardCharsets.UTF_8));
				producer.send(redelivery).get();
			}

			await().atMost(Duration.ofSeconds(30)).until(() -> shop.stat("duplicateDeliveries") == 1);
			assertThat(shop.stat("emailsSent")).isEqualTo(300);
		}
		finally {
			broker.destroy();
		}
	}


}
