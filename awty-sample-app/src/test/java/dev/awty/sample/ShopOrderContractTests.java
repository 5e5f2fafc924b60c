package dev.awty.sample;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Orders late to ship, through the shop's API with seconds instead of hours: no alert for an order shipped
 * in time, one UNSHIPPED then one ESCALATED alert for one that never ships, and the history of the checks;
 * run on every database.
 */
@OnEveryDatabase
class ShopOrderContractTests {

	private static final Duration UNSHIPPED_AFTER = Duration.ofSeconds(2);

	private static final Duration ESCALATE_AFTER = Duration.ofSeconds(4);

	/** The poll interval plus room for a loaded machine. */
	private static final Duration LATENESS = Duration.ofMillis(1500);

	/** The shop on the database of the current run, started once for all of that run's tests. */
	private static ShopInstance shop;

	/** The database of the current run: declared, so that the run's arguments reach {@link #start}. */
	@Parameter
	Supplier<TestDatabase> databases;

	@BeforeParameterizedClassInvocation
	static void start(Supplier<TestDatabase> databases) {
		shop = ShopInstance.start(databases.get(), "shop.unshipped-after=" + UNSHIPPED_AFTER,
				"shop.escalate-after=" + ESCALATE_AFTER);
	}

	@AfterParameterizedClassInvocation
	static void stop() {
		shop.close();
	}

	@Test
	void orderShippedBeforeTheFirstCheckGetsNoAlertAndItsCheckFinishesAtTheFirstCheck() {
		long order = placeOrder("shipped@example.com");
		Instant placedAt = placedAt(order);
		assertThat(shop.post("/orders/" + order + "/ship", "").getBody()).containsEntry("id", (int) order)
			.containsKey("shippedAt");

		await().atMost(Duration.ofSeconds(15)).until(() -> "DELIVERED".equals(check(order).get("status")));

		assertThat(shop.getList("/alerts?orderId=" + order)).isEmpty();
		assertThat(check(order)).containsEntry("checkCount", 0);
		List<Map<String, Object>> finished = shop.getList("/history?type=order_check&outcome=FINISHED");
		assertThat(finished).filteredOn((entry) -> entry.get("dueAt").equals(check(order).get("dueAt")))
			.singleElement()
			.satisfies((entry) -> {
				assertThat(Instant.parse((String) entry.get("finishedAt"))).isAfterOrEqualTo(placedAt.plus(UNSHIPPED_AFTER))
					.isBefore(placedAt.plus(UNSHIPPED_AFTER).plus(LATENESS));
				assertThat(entry).containsEntry("checkCount", 0).containsEntry("outcome", "FINISHED");
			});
	}

	@Test
	void unshippedOrderGetsExactlyOneUnshippedThenOneEscalatedAlertAtTheRightTimes() throws InterruptedException {
		long order = placeOrder("waiting@example.com");
		Instant placedAt = placedAt(order);

		await().atMost(Duration.ofSeconds(20)).until(() -> "DELIVERED".equals(check(order).get("status")));
		await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
			.until(() -> shop.getList("/alerts?orderId=" + order).size() == 2);

		List<Map<String, Object>> alerts = shop.getList("/alerts?orderId=" + order);
		assertThat(alerts).extracting((alert) -> alert.get("kind")).containsExactly("UNSHIPPED", "ESCALATED");
		assertThat(alerts).allSatisfy((alert) -> assertThat(alert).containsEntry("orderId", (int) order));
		assertThat(Instant.parse((String) alerts.get(0).get("raisedAt"))).isAfterOrEqualTo(placedAt.plus(UNSHIPPED_AFTER))
			.isBefore(placedAt.plus(UNSHIPPED_AFTER).plus(LATENESS));
		assertThat(Instant.parse((String) alerts.get(1).get("raisedAt"))).isAfterOrEqualTo(placedAt.plus(ESCALATE_AFTER))
			.isBefore(placedAt.plus(ESCALATE_AFTER).plus(LATENESS));
		assertThat(check(order)).containsEntry("checkCount", 1);
	}

	@Test
	void orderShippedBetweenTheChecksGetsTheUnshippedAlertButNoEscalation() throws InterruptedException {
		long order = placeOrder("late@example.com");

		await().atMost(Duration.ofSeconds(15)).until(() -> shop.getList("/alerts?orderId=" + order).size() == 1);
		shop.post("/orders/" + order + "/ship", "");
		await().atMost(Duration.ofSeconds(15)).until(() -> "DELIVERED".equals(check(order).get("status")));
		await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
			.until(() -> shop.getList("/alerts?orderId=" + order).size() == 1);

		assertThat(shop.getList("/alerts?orderId=" + order)).extracting((alert) -> alert.get("kind"))
			.containsExactly("UNSHIPPED");
	}

	@Test
	void badOrderAndHistoryRequestsAreClientErrorsNamingTheField() {
		assertError(shop.post("/orders", "{}"), HttpStatus.BAD_REQUEST, "customerEmail");
		assertError(shop.post("/orders", "{\"customerEmail\":\"nobody\"}"), HttpStatus.BAD_REQUEST, "customerEmail");
		assertError(shop.post("/orders", "{\"customerEmail\":7"), HttpStatus.BAD_REQUEST, "body");
		assertError(shop.post("/orders/987654/ship", ""), HttpStatus.NOT_FOUND, "id");
		assertError(shop.get("/orders/987654"), HttpStatus.NOT_FOUND, "id");
		assertError(shop.get("/alerts"), HttpStatus.BAD_REQUEST, "orderId");
		assertError(shop.get("/alerts?orderId=x"), HttpStatus.BAD_REQUEST, "orderId");
		assertError(shop.get("/alerts?orderId=987654"), HttpStatus.NOT_FOUND, "orderId");
		assertError(shop.get("/history"), HttpStatus.BAD_REQUEST, "type");
		assertError(shop.get("/history?type=order_check&outcome=LATE"), HttpStatus.BAD_REQUEST, "outcome");
		assertError(shop.get("/history?type=order_check&from=yesterday"), HttpStatus.BAD_REQUEST, "from");
		assertError(shop.get("/history?type=order_check&from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z"),
				HttpStatus.BAD_REQUEST, "to");
		assertError(shop.get("/history?type=order_check&limit=0"), HttpStatus.BAD_REQUEST, "limit");
	}

	private long placeOrder(String email) {
		ResponseEntity<Map<String, Object>> response = shop.post("/orders", "{\"customerEmail\":\"" + email + "\"}");
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		return ((Number) response.getBody().get("id")).longValue();
	}

	private Instant placedAt(long order) {
		return Instant.parse((String) shop.get("/orders/" + order).getBody().get("placedAt"));
	}

	@SuppressWarnings("unchecked")
	private Map<String, Object> check(long order) {
		return (Map<String, Object>) shop.get("/orders/" + order).getBody().get("check");
	}

	private static void assertError(ResponseEntity<Map<String, Object>> response, HttpStatus status, String field) {
		assertThat(response.getStatusCode()).isEqualTo(status);
		assertThat(response.getBody()).containsEntry("field", field).containsKey("error");
	}

}
