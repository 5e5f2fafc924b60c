package dev.awty.benchmarks.rawsql;

import org.junit.jupiter.api.Test;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.harness.TestBenchDatabase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The drain's anchor on a few batches: the relay's workers hand every due row to the receiver once and leave each
 * marked delivered by its one update, without a lease.
 */
class RawRelayDrainIntegrationTests {

	private static final int ROWS = 1_200;

	@Test
	void relayDeliversEveryDueRowExactlyOnceAndMarksEachOnceWithoutALease() {
		BenchDatabase database = TestBenchDatabase.postgres("drain");
		database.recreate();
		database.clearRuns();
		database.execute("INSERT INTO " + BenchDatabase.RAW + " (seq, due_at)"
				+ " SELECT g, CURRENT_TIMESTAMP - INTERVAL '1 second' FROM generate_series(0, " + (ROWS - 1) + ") g");
		Receiver receiver = new Receiver(ROWS);

		RawRelayDrain.drain(database, receiver);

		assertThat(receiver.received()).isEqualTo(ROWS);
		assertThat(receiver.duplicates()).isZero();
		assertThat(database.queryLong("SELECT count(*) FROM " + BenchDatabase.RAW
				+ " WHERE status = 'DELIVERED' AND attempts = 1 AND delivered_at IS NOT NULL AND claimed_by IS NULL"))
			.isEqualTo(ROWS);
	}

}
