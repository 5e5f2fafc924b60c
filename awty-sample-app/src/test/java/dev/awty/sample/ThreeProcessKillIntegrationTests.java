package dev.awty.sample;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;

import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Three shop processes in skip-locked mode on one PostgreSQL, otherwise with the default settings; one is killed
 * with SIGKILL in the middle of an album release of 20,000 purchases. Every purchase still gets exactly one
 * e-mail record, duplicates stay within what the dead process had published and not yet committed (its batches held
 * in open transactions: at most its concurrency, capped by open-transactions, times the batch size), and its rows are
 * free for the others as soon as its connections drop, well within a lease.
 */
class ThreeProcessKillIntegrationTests {

	private static final int PURCHASES = 20_000;

	/** The defaults of awty.claim.lease, awty.poller.batch-size and awty.poller.open-transactions. */
	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final int BATCH_SIZE = 500;

	private static final int OPEN_TRANSACTIONS = 4;

	/** The default concurrency in skip-locked mode: the processors, as the child processes see them too. */
	private static final int CONCURRENCY = Runtime.getRuntime().availableProcessors();

	// How long a shop JVM may take to start is not what this test checks: started beside the contract tests on a
	// loaded 2-core machine, one took over 90 s (32 s for its web context alone).
	private static final Duration STARTUP = Duration.ofMinutes(3);

	private final TestDatabase database = TestDatabases.postgres();

	private final JdbcTemplate jdbc = this.database.jdbc();

	@Test
	void killedProcessLosesNoEventAndCausesAtMostItsInFlightBatchesAsDuplicates() throws Exception {
		String[] settings = { "awty.claim.mode=skip-locked" };
		try (ShopProcess first = ShopProcess.start("shop-1", this.database, settings).awaitReady(STARTUP);
				ShopProcess victim = ShopProcess.start("shop-2", this.database, settings);
				ShopProcess third = ShopProcess.start("shop-3", this.database, settings)) {
			victim.awaitReady(STARTUP);
			third.awaitReady(STARTUP);

			Instant releaseAt = databaseNow().plusSeconds(12);
			long albumId = this.jdbc.queryForObject(
					"INSERT INTO album (title, release_at) VALUES ('Big release', ?) RETURNING id", Long.class,
					OffsetDateTime.ofInstant(releaseAt, java.time.ZoneOffset.UTC));
			HttpResponse<String> bulk = post(first.url("/purchases/bulk"),
					"{\"albumId\":" + albumId + ",\"count\":" + PURCHASES + "}");
			assertThat(bulk.statusCode()).as(bulk.body()).isEqualTo(201);
			assertThat(databaseNow()).as("purchases were in before the release").isBefore(releaseAt);

			await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
				.until(() -> deliveredBy("shop-2") > 0 && sent() > 2_000);
			int victimHeld = deliveredBy("shop-2");
			victim.kill();
			Instant killedAt = databaseNow();
			int sentAtKill = sent();

			await().atMost(LEASE.plusSeconds(60)).until(() -> distinctSent() == PURCHASES);
			Duration recovery = Duration.between(killedAt, lastSent());
			int duplicates = this.jdbc.queryForObject("SELECT COUNT(*) FROM duplicate_delivery", Integer.class);
			System.out.printf("[sample, 3 processes, PostgreSQL] killed shop-2 having delivered %d rows, after %,d e-mails;"
					+ " all %,d sent %d ms after the kill, %d duplicate(s)%n", victimHeld, sentAtKill, PURCHASES,
					recovery.toMillis(), duplicates);

			assertThat(distinctSent()).isEqualTo(PURCHASES);
			assertThat(duplicates).as("duplicates stay within what the killed process had published and not yet committed")
				.isLessThanOrEqualTo(Math.min(OPEN_TRANSACTIONS, CONCURRENCY) * BATCH_SIZE);
			assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_purchase WHERE status <> 'DELIVERED'",
					Integer.class)).isZero();
			assertThat(recovery).as("rows of the dead process are delivered within about one lease (+ poll interval, drain)")
				.isLessThan(LEASE.plusSeconds(15));
		}
	}

	private int sent() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM sent_email", Integer.class);
	}

	private int distinctSent() {
		return this.jdbc.queryForObject("SELECT COUNT(DISTINCT purchase_id) FROM sent_email", Integer.class);
	}

	private int deliveredBy(String instance) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM awty_delivery_log WHERE instance_id = ?", Integer.class,
				instance);
	}

	private Instant lastSent() {
		return this.jdbc.queryForObject("SELECT MAX(sent_at) FROM sent_email", OffsetDateTime.class).toInstant();
	}

	private Instant databaseNow() {
		return this.jdbc.queryForObject("SELECT CURRENT_TIMESTAMP", OffsetDateTime.class).toInstant();
	}

	private static HttpResponse<String> post(String url, String json) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(url))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(json))
				.timeout(Duration.ofMinutes(1))
				.build(), HttpResponse.BodyHandlers.ofString());
	}

}
