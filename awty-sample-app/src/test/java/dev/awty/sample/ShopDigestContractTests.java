package dev.awty.sample;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
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
 * Weekly new-releases digests as recurring schedules, driven through the starter's REST endpoints under
 * {@code /awty/schedules} and observed through the shop's {@code /digests}; run on every database.
 */
@OnEveryDatabase
class ShopDigestContractTests {

	/** The shop on the database of the current run, started once for all of that run's tests. */
	private static ShopInstance shop;

	/** The database of the current run: declared, so that the run's arguments reach {@link #start}. */
	@Parameter
	Supplier<TestDatabase> databases;

	@BeforeParameterizedClassInvocation
	static void start(Supplier<TestDatabase> databases) {
		shop = ShopInstance.start(databases.get(), "awty.recurring.poll-interval=200ms");
	}

	@AfterParameterizedClassInvocation
	static void stop() {
		shop.close();
	}

	@Test
	void subscribingACustomerCreatesAWeeklyScheduleInTheirTimeZoneThroughRecurringSchedules() {
		ResponseEntity<Map<String, Object>> subscribed = shop.post("/customers/grace@example.com/digest",
				"{\"timeZone\":\"America/New_York\"}");

		assertThat(subscribed.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		assertThat(subscribed.getBody()).containsEntry("scheduleId", "digest-grace@example.com");
		ZonedDateTime next = Instant.parse((String) subscribed.getBody().get("nextFireAt"))
			.atZone(ZoneId.of("America/New_York"));
		assertThat(next.getDayOfWeek()).isEqualTo(DayOfWeek.MONDAY);
		assertThat(next.getHour()).isEqualTo(9);
		assertThat(shop.get("/awty/schedules/digest-grace@example.com").getBody())
			.containsEntry("expression", "0 9 * * MON")
			.containsEntry("timeZone", "America/New_York")
			.containsEntry("payload", "{\"customer\":\"grace@example.com\"}");

		assertThat(shop.post("/customers/grace@example.com/digest", "{\"timeZone\":\"Mars/Olympus\"}")
			.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(shop.delete("/customers/grace@example.com/digest").getBody()).containsEntry("unsubscribed", true);
		assertThat(shop.get("/awty/schedules/digest-grace@example.com").getStatusCode())
			.isEqualTo(HttpStatus.NOT_FOUND);
	}

	@Test
	void weeklyDigestIsCreatedInTheCustomersTimeZoneAndListedWithItsNextOccurrence() {
		ResponseEntity<Map<String, Object>> created = shop.post("/awty/schedules", """
				{"id":"digest-ada","expression":"0 9 * * MON","timeZone":"Europe/Berlin",
				 "payload":"{\\"customer\\":\\"ada@example.com\\"}"}""");

		assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		assertThat(created.getBody()).containsEntry("id", "digest-ada")
			.containsEntry("version", 1)
			.containsEntry("misfirePolicy", "fire-once")
			.containsEntry("enabled", true)
			.containsEntry("payload", "{\"customer\":\"ada@example.com\"}");
		ZonedDateTime next = Instant.parse((String) created.getBody().get("nextFireAt")).atZone(ZoneId.of("Europe/Berlin"));
		assertThat(next.getDayOfWeek()).isEqualTo(DayOfWeek.MONDAY);
		assertThat(next.getHour()).isEqualTo(9);
		assertThat(shop.get("/awty/schedules/digest-ada").getBody()).containsEntry("timeZone", "Europe/Berlin");
		assertThat(shop.getList("/awty/schedules?prefix=digest-a")).extracting((s) -> s.get("id"))
			.contains("digest-ada");
	}

	@Test
	void digestOccurrencesAreRecordedWithTheirEventIdsAndAnUpdateOrDeleteTakesEffect() {
		assertThat(shop.post("/awty/schedules", "{\"id\":\"digest-fast\",\"expression\":\"@every 1s\"}")
			.getStatusCode()).isEqualTo(HttpStatus.CREATED);

		await().atMost(Duration.ofSeconds(15)).until(() -> digests("digest-fast").size() >= 2);
		Map<String, Object> first = digests("digest-fast").get(0);
		Instant generatedAt = Instant.parse((String) first.get("generatedAt"));
		assertThat(first).containsEntry("scheduleId", "digest-fast")
			.containsEntry("eventId", "recurring:digest-fast-" + generatedAt.getEpochSecond());
		assertThat(Instant.parse((String) first.get("receivedAt"))).isAfterOrEqualTo(generatedAt);

		ResponseEntity<Map<String, Object>> updated = shop.put("/awty/schedules/digest-fast",
				"{\"expression\":\"@every 1h\",\"payload\":\"weekly\"}");
		assertThat(updated.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(updated.getBody()).containsEntry("version", 2).containsEntry("expression", "@every 1h");
		int afterUpdate = digests("digest-fast").size();

		assertThat(shop.delete("/awty/schedules/digest-fast").getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
		assertError(shop.get("/awty/schedules/digest-fast"), HttpStatus.NOT_FOUND, "id");
		assertError(shop.delete("/awty/schedules/digest-fast"), HttpStatus.NOT_FOUND, "id");
		await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3))
			.until(() -> digests("digest-fast").size() == afterUpdate);
	}

	@Test
	void batchCreatePauseAndResumeThroughTheEndpoints() {
		ResponseEntity<Map<String, Object>> batch = shop.post("/awty/schedules/batch", """
				[{"id":"digest-b1","expression":"@weekly"},{"id":"digest-b2","expression":"@weekly","timeZone":"Asia/Tokyo"}]""");
		assertThat(batch.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		assertThat(batch.getBody()).containsEntry("created", 2);
		assertThat(shop.post("/awty/schedules/digest-b1/pause", "").getBody()).containsEntry("enabled", false)
			.containsEntry("version", 2);
		assertThat(shop.post("/awty/schedules/digest-b1/resume", "").getBody()).containsEntry("enabled", true)
			.containsEntry("version", 3);
	}

	@Test
	void badSchedulesAreRejectedNamingTheFieldAndNothingIsStored() {
		assertError(shop.post("/awty/schedules", "{\"id\":\"bad\",\"expression\":\"70 * * * *\"}"),
				HttpStatus.BAD_REQUEST, "expression", "minute field '70'");
		assertError(shop.post("/awty/schedules", "{\"id\":\"bad\",\"expression\":\"@every 0s\"}"),
				HttpStatus.BAD_REQUEST, "expression", "at least 1 second");
		assertError(shop.post("/awty/schedules", "{\"id\":\"bad\",\"expression\":\"@daily\",\"timeZone\":\"Mars/Base\"}"),
				HttpStatus.BAD_REQUEST, "timeZone", "Unknown time zone");
		assertError(shop.post("/awty/schedules", "{\"id\":\"bad\",\"expression\":\"@daily\",\"payload\":\""
				+ "x".repeat(70_000) + "\"}"), HttpStatus.BAD_REQUEST, "payload", "over the limit of 65536 bytes");
		assertError(shop.post("/awty/schedules", "{\"id\":\"bad\",\"expression\":\"@daily\",\"misfirePolicy\":\"later\"}"),
				HttpStatus.BAD_REQUEST, "misfirePolicy", "fire-once, fire-all or skip");
		assertError(shop.post("/awty/schedules", "{\"id\":\"bad\",\"expression\":\"@daily\",\"deadline\":\"soon\"}"),
				HttpStatus.BAD_REQUEST, "deadline", "Invalid deadline 'soon'");
		assertError(shop.post("/awty/schedules", "{\"id\":\"bad\",\"expresion\":\"@daily\"}"),
				HttpStatus.BAD_REQUEST, "expresion", "Unknown field");
		assertError(shop.post("/awty/schedules", "{\"expression\":\"@daily\"}"), HttpStatus.BAD_REQUEST, "id",
				"required");
		assertError(shop.post("/awty/schedules", "{\"id\": "), HttpStatus.BAD_REQUEST, "body", "JSON");
		assertError(shop.get("/awty/schedules/bad"), HttpStatus.NOT_FOUND, "id", "'bad'");

		shop.post("/awty/schedules", "{\"id\":\"digest-taken\",\"expression\":\"@daily\"}");
		assertError(shop.post("/awty/schedules", "{\"id\":\"digest-taken\",\"expression\":\"@hourly\"}"),
				HttpStatus.CONFLICT, "id", "'digest-taken' exists already");
		assertError(shop.put("/awty/schedules/digest-taken", "{\"id\":\"other\",\"expression\":\"@hourly\"}"),
				HttpStatus.BAD_REQUEST, "id", "differs");
		assertThat(shop.get("/awty/schedules/digest-taken").getBody()).containsEntry("expression", "@daily");
	}

	@SuppressWarnings("unchecked")
	private List<Map<String, Object>> digests(String scheduleId) {
		return shop.getList("/digests?scheduleId=" + scheduleId);
	}

	private static void assertError(ResponseEntity<Map<String, Object>> response, HttpStatus status, String field,
			String... messageParts) {
		assertThat(response.getStatusCode()).isEqualTo(status);
		assertThat(response.getBody()).containsEntry("field", field);
		for (String part : messageParts) {
			assertThat((String) response.getBody().get("error")).contains(part);
		}
	}

}
