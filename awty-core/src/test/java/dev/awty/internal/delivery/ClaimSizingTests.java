package dev.awty.internal.delivery;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClaimSizingTests {

	@Test
	void claimsAWholeBatchUntilARowsCostIsKnownAndWhileRowsAreQuick() {
		ClaimSizing sizing = new ClaimSizing(500);
		assertThat(sizing.limit()).isEqualTo(500);

		sizing.measured(100, 5_000_000);

		assertThat(sizing.limit()).as("50 µs a row: a batch is 25 ms of work").isEqualTo(500);
	}

	@Test
	void claimsAboutASecondsWorkWhenRowsAreSlow() {
		ClaimSizing sizing = new ClaimSizing(500);

		sizing.measured(100, 2_000_000_000L);

		assertThat(sizing.limit()).as("20 ms a row").isEqualTo(50);
	}

	@Test
	void claimsAtLeastOneRowHoweverSlow() {
		ClaimSizing sizing = new ClaimSizing(500);

		sizing.measured(1, 30_000_000_000L);

		assertThat(sizing.limit()).isEqualTo(1);
	}

	@Test
	void oneOddPartMovesTheEstimateOnlyPartway() {
		ClaimSizing sizing = new ClaimSizing(500);
		sizing.measured(100, 1_000_000_000L);
		assertThat(sizing.limit()).isEqualTo(100);

		sizing.measured(100, 100_000_000L);

		assertThat(sizing.limit()).as("10 ms a row, then 1 ms: the estimate falls to 7.3 ms").isEqualTo(136);
		sizing.measured(0, 0);
		assertThat(sizing.limit()).as("an empty part says nothing").isEqualTo(136);
	}

}
