package dev.awty.sample;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Moving an album's release, cancelling a customer's pending e-mails and listing scheduled rows through the
 * shop's API, checking exactly which rows changed; run on every database.
 */
@OnEveryDatabase
class ShopScheduleContractTests {

	/** The shop on the database of the current run, started once for all of that run's tests. */
	private static ShopInstance shop;

	/** The database of the current run: declared, so that the run's arguments reach {@link #start}. */
	@Parameter
	Supplier<TestDatabase> databases;

	@BeforeParameterizedClassInvocation
	static void start(Supplier<TestDatabase> databases) {
		shop = ShopInstance.start(databases.get());
	}

	@AfterParameterizedClassInvocation
	static void stop() {
		shop.close();
	}

	@Test
	void theLoadTestsEndpointsAndTableAreAbsentWithoutTheTestFixturesProfile() throws SQLException {
		long album = shop.createAlbum("No bulk", Instant.now().plus(Duration.ofDays(30)));

		ResponseEntity<Map<String, Object>> response = shop.post("/purchases/bulk",
				"{\"albumId\":" + album + ",\"count\":5}");

		assertThat(response.getStatusCode().is4xxClientError()).as(response.getStatusCode().toString()).isTrue();
		assertThat(shop.getList("/scheduled?albumId=" + album)).isEmpty();
		try (Connection connection = shop.bean(DataSource.class).getConnection()) {
			DatabaseMetaData metaData = connection.getMetaData();
			boolean table = false;
			for (String name : List.of("duplicate_delivery", "DUPLICATE_DELIVERY")) {
				try (ResultSet tables = metaData.getTables(connection.getCatalog(), connection.getSchema(), name, null)) {
					table |= tables.next();
				}
			}
			assertThat(table).as("the fixtures' duplicate_delivery table").isFalse();
		}
	}

	@Test
	void movingAnAlbumsReleaseReschedulesExactlyItsPendingEmails() {
		Instant release = Instant.now().plus(Duration.ofDays(30)).truncatedTo(ChronoUnit.SECONDS);
		long moved = shop.createAlbum("Moved", release);
		long other = shop.createAlbum("Other", release);
		List<Long> movedPurchases = List.of(shop.purchase(moved, "a@example.com"),
				shop.purchase(moved, "b@example.com"), shop.purchase(moved, "c@example.com"));
		long refunded = shop.purchase(moved, "d@example.com");
		shop.post("/purchases/" + refunded + "/refund", "");
		List<Long> otherPurchases = List.of(shop.purchase(other, "a@example.com"),
				shop.purchase(other, "e@example.com"));
		Instant newRelease = release.plus(Duration.ofDays(14));

		ResponseEntity<Map<String, Object>> response = shop.put("/albums/" + moved + "/release-at",
				"{\"releaseAt\":\"" + newRelease + "\"}");

		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(response.getBody()).containsEntry("rescheduled", 3).containsEntry("inFlight", 0);
		assertThat(shop.getList("/scheduled?albumId=" + moved))
			.allSatisfy((row) -> assertThat(row).containsEntry("dueAt", newRelease.toString()).containsEntry("version", 2))
			.extracting((row) -> ((Number) row.get("purchaseId")).longValue())
			.containsExactlyInAnyOrderElementsOf(movedPurchases);
		assertThat(shop.getList("/scheduled?albumId=" + moved + "&status=cancelled"))
			.singleElement()
			.satisfies((row) -> assertThat(row).containsEntry("dueAt", release.toString()).containsEntry("version", 1));
		assertThat(shop.getList("/scheduled?albumId=" + other))
			.allSatisfy((row) -> assertThat(row).containsEntry("dueAt", release.toString()).containsEntry("version", 1))
			.extracting((row) -> ((Number) row.get("purchaseId")).longValue())
			.containsExactlyInAnyOrderElementsOf(otherPurchases);
	}

	@Test
	void cancellingACustomersPendingEmailsLeavesOtherCustomersAlone() {
		Instant release = Instant.now().plus(Duration.ofDays(30));
		long first = shop.createAlbum("First", release);
		long second = shop.createAlbum("Second", release);
		String customer = "cancel-" + System.nanoTime() + "@example.com";
		shop.purchase(first, customer);
		shop.purchase(second, customer);
		long otherCustomer = shop.purchase(first, "keep-" + System.nanoTime() + "@example.com");

		ResponseEntity<Map<String, Object>> response = shop.post("/customers/" + customer + "/cancel-pending", "");

		assertThat(response.getBody()).containsEntry("cancelled", 2).containsEntry("inFlight", 0);
		assertThat(shop.getList("/scheduled?albumId=" + first)).extracting((row) -> ((Number) row.get("purchaseId")).longValue())
			.containsExactly(otherCustomer);
		assertThat(shop.getList("/scheduled?albumId=" + second)).isEmpty();
		assertThat(shop.getList("/scheduled?albumId=" + second + "&status=CANCELLED")).hasSize(1);
		assertThat(shop.post("/customers/" + customer + "/cancel-pending", "").getBody()).containsEntry("cancelled", 0);
	}

	@Test
	void listingPagesThroughAnAlbumsRowsEarliestFirst() {
		long album = shop.createAlbum("Paged", Instant.now().plus(Duration.ofDays(30)));
		for (int i = 0; i < 5; i++) {
			shop.purchase(album, "page" + i + "@example.com");
		}
		assertThat(shop.getList("/scheduled?albumId=" + album + "&limit=2")).hasSize(2);
		assertThat(shop.getList("/scheduled?albumId=" + album + "&offset=4&limit=2")).hasSize(1);
	}

	@Test
	void badScheduleRequestsAreClientErrorsNamingTheField() {
		assertError(shop.put("/albums/987654/release-at", "{\"releaseAt\":\"2030-01-01T00:00:00Z\"}"),
				HttpStatus.NOT_FOUND, "id");
		assertError(shop.put("/albums/1/release-at", "{}"), HttpStatus.BAD_REQUEST, "releaseAt");
		assertError(shop.put("/albums/1/release-at", "{\"releaseAt\":\"soon\"}"), HttpStatus.BAD_REQUEST, "releaseAt");
		assertError(shop.get("/scheduled?status=LATE"), HttpStatus.BAD_REQUEST, "status");
		assertError(shop.get("/scheduled?limit=0"), HttpStatus.BAD_REQUEST, "limit");
		assertError(shop.get("/scheduled?albumId=x"), HttpStatus.BAD_REQUEST, "albumId");
		assertError(shop.post("/customers/nobody/cancel-pending", ""), HttpStatus.BAD_REQUEST, "email");
	}

	private static void assertError(ResponseEntity<Map<String, Object>> response, HttpStatus status, String field) {
		assertThat(response.getStatusCode()).isEqualTo(status);
		assertThat(response.getBody()).containsEntry("field", field).containsKey("error");
	}

}
