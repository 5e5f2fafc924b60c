package dev.awty.sample;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample shop's operator endpoints: awty's meters in /actuator/metrics and /actuator/prometheus, the
 * awty actuator endpoint and health component, and the dashboard page.
 */
class ShopObservabilityIntegrationTests {

	private static ShopInstance shop;

	@BeforeAll
	static void start() {
		shop = ShopInstance.start(TestDatabases.h2(), "awty.metrics.refresh=200ms");
	}

	@AfterAll
	static void stop() {
		shop.close();
	}

	@Test
	void deliveredEmailsShowInMetricsPrometheusTheAwtyEndpointAndHealth() {
		long albumId = shop.createAlbum("Now", Instant.now().minusSeconds(1));
		shop.purchase(albumId, "ada@example.com");
		shop.purchase(shop.createAlbum("Later", Instant.now().plus(Duration.ofDays(30))), "bob@example.com");
		await().atMost(Duration.ofSeconds(10)).until(() -> shop.stat("emailsSent") == 1);

		Map<String, Object> delivered = shop.get("/actuator/metrics/awty.delivered?tag=type:purchase").getBody();
		assertThat(delivered).containsEntry("name", "awty.delivered");
		assertThat(shop.get("/actuator/metrics").getBody().get("names").toString()).contains("awty.delivery.lag",
				"awty.delivered", "awty.failed", "awty.retried", "awty.pending", "awty.overdue", "awty.poll.duration",
				"awty.claim.size");
		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(shop.text("/actuator/prometheus"))
			.contains("awty_delivered_total{type=\"purchase\"} 1.0", "awty_delivery_lag_seconds_bucket{type=\"purchase\"",
					"awty_pending{type=\"purchase\"} 1.0", "awty_overdue{type=\"purchase\"} 0.0"));

		Map<String, Object> purchase = (Map<String, Object>) ((Map<String, Object>) shop.get("/actuator/awty").getBody()
			.get("types")).get("purchase");
		assertThat(purchase).containsEntry("table", "scheduled_purchase").containsEntry("pending", 1)
			.containsEntry("deliveredLastHour", 1).containsKey("settings");
		assertThat(shop.get("/actuator/awty/nothing").getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
		// Exposed without Spring Security the write operation would be anonymous, so it is off unless opened.
		assertThat(shop.post("/actuator/awty/purchase/retry", "").getStatusCode().is4xxClientError()).isTrue();

		Map<String, Object> health = (Map<String, Object>) ((Map<String, Object>) shop.get("/actuator/health").getBody()
			.get("components")).get("awty");
		assertThat(health).containsEntry("status", "UP");
		assertThat(shop.text("/awty")).contains("<title>awty dashboard</title>");
	}

	@Test
	void dashboardRejectsBadInputNamingIt() {
		assertThat(shop.get("/awty/api/types/nothing/rows").getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
		assertThat(shop.get("/awty/api/types/purchase/rows?status=LOST").getBody().get("error").toString())
			.contains("status must be ALL or one of");
		assertThat(shop.get("/awty/api/types/purchase/rows?filter=album%20id&value=abc").getStatusCode())
			.isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(shop.get("/awty/api/types/purchase/rows?filter=colour&value=x").getBody().get("error").toString())
			.contains("has no filter 'colour'", "album id", "customer e-mail");
		assertThat(shop.post("/awty/api/types/purchase/explode", "{\"ids\":[1]}").getBody().get("error").toString())
			.contains("Unknown action 'explode'");
		assertThat(shop.post("/awty/api/types/purchase/reschedule", "{\"ids\":[1]}").getBody().get("error").toString())
			.contains("dueAt is required");
		assertThat(shop.post("/awty/api/types/purchase/cancel", "{\"ids\":[]}").getBody().get("error").toString())
			.contains("ids must name 1 to 500 rows");
	}

}
