package dev.awty.internal.pipeline.kit;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DueReleaseTests {

	private static final Instant CLAIMED_AT = Instant.parse("2026-03-01T10:00:00Z");

	private final List<List<String>> groups = new ArrayList<>();

	private final List<Long> deliveredAtNanos = new ArrayList<>();

	@Test
	void rowsAlreadyDueAtTheClaimAreDeliveredTogetherAtOnce() {
		Batch batch = batch(System.nanoTime(), new Row("a", CLAIMED_AT.minusSeconds(5)),
				new Row("b", CLAIMED_AT));

		List<String> results = DueRelease.whenDue(batch.databaseNow(), batch.claimedAtNanos(), batch.dueTimes(),
				batch.names(), this::deliver);

		assertThat(this.groups).containsExactly(List.of("a", "b"));
		assertThat(results).containsExactly("a delivered", "b delivered");
	}

	@Test
	void aRowClaimedAheadIsDeliveredNoEarlierThanItsDueTimeCountedFromWhenTheClaimReturned() {
		long claimReturned = System.nanoTime();
		Batch batch = batch(claimReturned, new Row("now", CLAIMED_AT),
				new Row("later", CLAIMED_AT.plusMillis(150)));

		List<String> results = DueRelease.whenDue(batch.databaseNow(), batch.claimedAtNanos(), batch.dueTimes(),
				batch.names(), this::deliver);

		assertThat(this.groups).containsExactly(List.of("now"), List.of("later"));
		assertThat(this.deliveredAtNanos.get(1) - claimReturned).isGreaterThanOrEqualTo(Duration.ofMillis(150).toNanos());
		assertThat(results).containsExactly("now delivered", "later delivered");
	}

	@Test
	void resultsComeBackInTheBatchOrderEvenWhenRowsBecomeDueInAnotherOrder() {
		// A batch claimed by priority: the first row is due after the second.
		Batch batch = batch(System.nanoTime(), new Row("urgent-later", CLAIMED_AT.plusMillis(60)),
				new Row("routine-now", CLAIMED_AT.minusMillis(1)));

		List<String> results = DueRelease.whenDue(batch.databaseNow(), batch.claimedAtNanos(), batch.dueTimes(),
				batch.names(), this::deliver);

		assertThat(this.groups).containsExactly(List.of("routine-now"), List.of("urgent-later"));
		assertThat(results).containsExactly("urgent-later delivered", "routine-now delivered");
	}

	@Test
	void aBatchWithoutTheDatabaseClockOfItsClaimIsDeliveredAtOnce() {
		Batch batch = new Batch(null, System.nanoTime(), List.of(new Row("later", Instant.now().plusSeconds(3600))));

		List<String> results = DueRelease.whenDue(batch.databaseNow(), batch.claimedAtNanos(), batch.dueTimes(),
				batch.names(), this::deliver);

		assertThat(results).containsExactly("later delivered");
	}

	private List<String> deliver(List<String> group) {
		this.deliveredAtNanos.add(System.nanoTime());
		this.groups.add(group);
		return group.stream().map((name) -> name + " delivered").toList();
	}

	private static Batch batch(long claimReturnedNanos, Row... rows) {
		return new Batch(CLAIMED_AT, claimReturnedNanos, List.of(rows));
	}

	record Row(String name, Instant dueAt) {
	}

	record Batch(@Nullable Instant databaseNow, long claimedAtNanos, List<Row> rows) {

		List<@Nullable Instant> dueTimes() {
			return this.rows.stream().<@Nullable Instant>map(Row::dueAt).toList();
		}

		List<String> names() {
			return this.rows.stream().map(Row::name).toList();
		}

	}

}
