package dev.awty.sample;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The shop on real PostgreSQL, one and two instances sharing the database.
 */
class PostgresShopIntegrationTests {

	private final TestDatabase database = TestDatabases.postgres();

	@Test
	void deliversEveryPurchasesEmailAtReleaseTimeExactlyOnce() {
		try (ShopInstance shop = ShopInstance.start(this.database, ShopInstance.TEST_FIXTURES)) {
			Instant releaseAt = databaseNow().plusSeconds(3);
			long albumId = shop.createAlbum("Release day", releaseAt);
			for (int i = 0; i < 20; i++) {
				shop.purchase(albumId, "fan" + i + "@example.com");
			}
			assertThat(shop.getList("/emails?albumId=" + albumId)).as("nothing before the release").isEmpty();

			await().atMost(Duration.ofSeconds(15)).until(() -> shop.stat("emailsSent") == 20);

			List<Map<String, Object>> emails = shop.getList("/emails?albumId=" + albumId);
			assertThat(emails).hasSize(20);
			assertThat(emails).extracting((email) -> Instant.parse((String) email.get("sentAt")))
				.allSatisfy((sentAt) -> assertThat(sentAt).isAfterOrEqualTo(releaseAt)
					.isBefore(releaseAt.plusSeconds(2)));
			assertThat(shop.stat("duplicateDeliveries")).isZero();
		}
	}

	@Test
	void twoInstancesDeliverTenThousandBulkPurchasesWithZeroDuplicates() {
		try (ShopInstance first = ShopInstance.start(this.database, "awty.instance-id=shop-a", ShopInstance.TEST_FIXTURES);
				ShopInstance second = ShopInstance.start(this.database, "awty.instance-id=shop-b", ShopInstance.TEST_FIXTURES)) {
			Instant releaseAt = databaseNow().plusSeconds(4);
			long albumId = first.createAlbum("Big release", releaseAt);
			assertThat(second.post("/purchases/bulk", "{\"albumId\":" + albumId + ",\"count\":10000}").getBody())
				.containsEntry("created", 10000);

			await().atMost(Duration.ofMinutes(2)).until(() -> first.stat("emailsSent") == 10_000);

			Instant lastSent = this.database.jdbc()
				.queryForObject("SELECT MAX(sent_at) FROM sent_email", OffsetDateTime.class)
				.toInstant();
			System.out.printf("[sample, PostgreSQL] two instances sent 10,000 emails %d ms after the release%n",
					Duration.between(releaseAt, lastSent).toMillis());
			assertThat(first.stat("duplicateDeliveries")).isZero();
			assertThat(second.stat("emailsSent")).isEqualTo(10_000);
			assertThat(second.stat("duplicateDeliveries")).isZero();
			JdbcTemplate jdbc = this.database.jdbc();
			assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_purchase WHERE status = 'DELIVERED'",
					Integer.class)).isEqualTo(10_000);
			assertThat(jdbc.queryForObject("SELECT COUNT(DISTINCT event_id) FROM sent_email", Integer.class))
				.isEqualTo(10_000);
		}
	}

	private Instant databaseNow() {
		return this.database.jdbc().queryForObject("SELECT CURRENT_TIMESTAMP", OffsetDateTime.class).toInstant();
	}

}
