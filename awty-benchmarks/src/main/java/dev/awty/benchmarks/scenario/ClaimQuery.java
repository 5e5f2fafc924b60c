package dev.awty.benchmarks.scenario;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import dev.awty.benchmarks.harness.BenchDatabase;

/**
 * Times the row-finding part of awty's PostgreSQL claim on the benchmark table when nothing is due: the cost
 * every idle poll pays, which a backlog of future rows must not raise.
 */
final class ClaimQuery {

	private static final String FIND_DUE = """
			SELECT id FROM scheduled_bench
			WHERE status = 'PENDING' AND due_at <= CURRENT_TIMESTAMP
			  AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			ORDER BY due_at
			LIMIT 500
			FOR UPDATE SKIP LOCKED
			""";

	private static final int WARM_UP = 50;

	private static final int TIMED = 500;

	private ClaimQuery() {
	}

	/** The mean time of one execution in milliseconds. */
	static double millis(BenchDatabase database) {
		try (Connection connection = database.connect(); PreparedStatement find = connection.prepareStatement(FIND_DUE)) {
			for (int i = 0; i < WARM_UP; i++) {
				run(find);
			}
			long start = System.nanoTime();
			for (int i = 0; i < TIMED; i++) {
				run(find);
			}
			return (System.nanoTime() - start) / 1e6 / TIMED;
		}
		catch (SQLException ex) {
			throw new IllegalStateException("timing the claim query failed: " + ex.getMessage(), ex);
		}
	}

	private static void run(PreparedStatement find) throws SQLException {
		try (ResultSet rs = find.executeQuery()) {
			while (rs.next()) {
				rs.getLong(1);
			}
		}
	}

}
