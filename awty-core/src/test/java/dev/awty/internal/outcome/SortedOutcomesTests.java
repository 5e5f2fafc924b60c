package dev.awty.internal.outcome;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.awty.ScheduledEntity;

import static org.assertj.core.api.Assertions.assertThat;

class SortedOutcomesTests {

	@Test
	void eachResultGoesToTheWriteItsOutcomeNeedsInTheBatchOrder() {
		RowResult<Row> delivered = result("delivered", RowResult.Kind.DELIVERED);
		RowResult<Row> failed = result("failed", RowResult.Kind.DELIVERED).failed("broker down");
		RowResult<Row> finished = result("finished", RowResult.Kind.FINISHED);
		RowResult<Row> checkAgain = result("check-again", RowResult.Kind.CHECK_AGAIN);
		RowResult<Row> stopped = result("stopped", RowResult.Kind.STOPPED);
		RowResult<Row> delivered2 = result("delivered-2", RowResult.Kind.DELIVERED);

		SortedOutcomes<Row> sorted = SortedOutcomes
			.of(List.of(delivered, failed, finished, checkAgain, stopped, delivered2));

		assertThat(sorted.finished()).containsExactly(delivered, finished, delivered2);
		assertThat(sorted.failed()).containsExactly(failed);
		assertThat(sorted.checkAgain()).containsExactly(checkAgain);
		assertThat(sorted.stopped()).containsExactly(stopped);
	}

	@Test
	void aFailedPublishKeepsTheRowsEventIdAndTakesTheError() {
		RowResult<Row> failed = result("purchase/1/0", RowResult.Kind.DELIVERED).failed("broker down");

		assertThat(failed.kind()).isEqualTo(RowResult.Kind.FAILED_ATTEMPT);
		assertThat(failed.eventId()).isEqualTo("purchase/1/0");
		assertThat(failed.error()).isEqualTo("broker down");
		assertThat(failed.finishes()).isFalse();
	}

	@Test
	void anEmptyBatchHasNothingToWrite() {
		SortedOutcomes<Row> sorted = SortedOutcomes.of(List.of());

		assertThat(sorted.finished()).isEmpty();
		assertThat(sorted.failed()).isEmpty();
		assertThat(sorted.checkAgain()).isEmpty();
		assertThat(sorted.stopped()).isEmpty();
		assertThat(sorted.finishedIds()).isEmpty();
	}

	private static RowResult<Row> result(String eventId, RowResult.Kind kind) {
		return RowResult.of(new Row(), kind, eventId, 0, 1);
	}

	static final class Row extends ScheduledEntity {

		Row() {
			super(Instant.parse("2026-03-01T10:00:00Z"));
		}

	}

}
