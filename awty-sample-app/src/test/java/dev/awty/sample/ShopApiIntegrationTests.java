package dev.awty.sample;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shop's JSON API on its embedded default database: what a user sees for good and bad requests.
 */
class ShopApiIntegrationTests {

	private static ShopInstance shop;

	@BeforeAll
	static void start() {
		shop = ShopInstance.start(TestDatabases.h2(), ShopInstance.TEST_FIXTURES);
	}

	@AfterAll
	static void stop() {
		shop.close();
	}

	@Test
	void purchaseSchedulesItsDownloadEmailAtTheAlbumsReleaseAndRefundCancelsIt() {
		Instant releaseAt = Instant.now().plus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
		long albumId = shop.createAlbum("Later", releaseAt);
		long purchaseId = shop.purchase(albumId, "ada@example.com");

		Map<String, Object> purchase = shop.get("/purchases/" + purchaseId).getBody();
		assertThat(purchase).containsEntry("albumId", (int) albumId)
			.containsEntry("customerEmail", "ada@example.com")
			.containsEntry("status", "ACTIVE");
		assertThat((Map<String, Object>) purchase.get("delivery")).containsEntry("status", "PENDING")
			.containsEntry("dueAt", releaseAt.toString())
			.containsEntry("attempts", 0);

		ResponseEntity<Map<String, Object>> refund = shop.post("/purchases/" + purchaseId + "/refund", "");
		assertThat(refund.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(refund.getBody()).containsEntry("cancelledDeliveries", 1);
		assertThat((Map<String, Object>) shop.get("/purchases/" + purchaseId).getBody().get("delivery"))
			.containsEntry("status", "CANCELLED");
	}

	@Test
	void bulkPurchaseCreatesTheRequestedNumberOfScheduledDeliveries() {
		long albumId = shop.createAlbum("Bulk", Instant.now().plus(30, ChronoUnit.DAYS));
		ResponseEntity<Map<String, Object>> response = shop.post("/purchases/bulk",
				"{\"albumId\":" + albumId + ",\"count\":2500}");
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		assertThat(response.getBody()).containsEntry("created", 2500);
	}

	@Test
	void unknownAlbumIsNotFoundNamingAlbumId() {
		assertError(shop.post("/purchases", "{\"albumId\":987654,\"customerEmail\":\"a@example.com\"}"),
				HttpStatus.NOT_FOUND, "albumId");
		assertError(shop.post("/purchases/bulk", "{\"albumId\":987654,\"count\":3}"), HttpStatus.NOT_FOUND, "albumId");
	}

	@Test
	void malformedJsonIsABadRequestNamingTheBody() {
		assertError(shop.post("/albums", "{\"title\": "), HttpStatus.BAD_REQUEST, "body");
	}

	@Test
	void missingFieldsAreBadRequestsNamingTheField() {
		assertError(shop.post("/albums", "{\"releaseAt\":\"2030-01-01T00:00:00Z\"}"), HttpStatus.BAD_REQUEST, "title");
		assertError(shop.post("/albums", "{\"title\":\"x\"}"), HttpStatus.BAD_REQUEST, "releaseAt");
		assertError(shop.post("/purchases", "{\"customerEmail\":\"a@example.com\"}"), HttpStatus.BAD_REQUEST, "albumId");
		assertError(shop.post("/purchases", "{\"albumId\":1}"), HttpStatus.BAD_REQUEST, "customerEmail");
		assertError(shop.post("/purchases/bulk", "{\"albumId\":1}"), HttpStatus.BAD_REQUEST, "count");
	}

	@Test
	void wrongValuesAreBadRequestsNamingTheField() {
		assertError(shop.post("/albums", "{\"title\":\"x\",\"releaseAt\":\"next tuesday\"}"), HttpStatus.BAD_REQUEST,
				"releaseAt");
		assertError(shop.post("/purchases/bulk", "{\"albumId\":1,\"count\":0}"), HttpStatus.BAD_REQUEST, "count");
		assertError(shop.post("/purchases/bulk", "{\"albumId\":1,\"count\":1000001}"), HttpStatus.BAD_REQUEST, "count");
		assertError(shop.post("/purchases/bulk", "{\"albumId\":1,\"count\":\"many\"}"), HttpStatus.BAD_REQUEST, "count");
		assertError(shop.post("/purchases", "{\"albumId\":1,\"customerEmail\":\"not-an-address\"}"),
				HttpStatus.BAD_REQUEST, "customerEmail");
		assertError(shop.get("/purchases/abc"), HttpStatus.BAD_REQUEST, "id");
		assertError(shop.get("/purchases/987654"), HttpStatus.NOT_FOUND, "id");
		assertError(shop.post("/purchases/987654/refund", ""), HttpStatus.NOT_FOUND, "id");
		assertError(shop.get("/emails"), HttpStatus.BAD_REQUEST, "albumId");
	}

	private static void assertError(ResponseEntity<Map<String, Object>> response, HttpStatus status, String field) {
		assertThat(response.getStatusCode()).isEqualTo(status);
		assertThat(response.getBody()).containsEntry("field", field).containsKey("error");
	}

}
