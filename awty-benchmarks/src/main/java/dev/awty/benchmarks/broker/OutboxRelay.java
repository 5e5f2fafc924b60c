package dev.awty.benchmarks.broker;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.zaxxer.hikari.HikariDataSource;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;

/**
 * The outbox relay a team writes by hand instead of awty, the fair anchor for a broker: each of {@code --threads}
 * workers claims up to {@code --batch} due rows of {@link BenchDatabase#RAW} with {@code FOR UPDATE SKIP LOCKED},
 * sends them all through the broker's template, awaits every acknowledgement, marks them delivered and commits, in
 * one transaction, again and again until nothing is due. Nothing overlaps within a worker: the claim, the broker's
 * round trip and the mark are paid in series, as the simplest correct relay pays them.
 */
public final class OutboxRelay {

	/** The relay's claim: a plain {@code FOR UPDATE SKIP LOCKED}, planned from the table's statistics. */
	public static final String CLAIM = """
			SELECT id, seq FROM raw_bench
			WHERE status = 'PENDING' AND due_at <= CURRENT_TIMESTAMP
			ORDER BY due_at
			LIMIT ?
			FOR UPDATE SKIP LOCKED
			""";

	private static final String MARK = """
			UPDATE raw_bench SET status = 'DELIVERED', delivered_at = CURRENT_TIMESTAMP, attempts = attempts + 1
			WHERE id = ANY(?)
			""";

	private OutboxRelay() {
	}

	/** Relays every due row to {@code destination} and returns once all are marked. */
	public static void drain(BenchDatabase database, BenchBroker.Destination destination) {
		Options options = database.options();
		try (HikariDataSource pool = database.pool("outbox-relay", options.poolSize())) {
			ExecutorService workers = Executors.newFixedThreadPool(options.threads());
			try {
				List<Future<?>> running = new ArrayList<>();
				for (int i = 0; i < options.threads(); i++) {
					running.add(workers.submit(() -> loop(pool, options.batchSize(), destination)));
				}
				for (Future<?> worker : running) {
					worker.get();
				}
			}
			catch (Exception ex) {
				throw new IllegalStateException("outbox relay failed: " + ex.getMessage(), ex);
			}
			finally {
				workers.shutdownNow();
			}
		}
	}

	private static Void loop(HikariDataSource pool, int batchSize, BenchBroker.Destination destination)
			throws SQLException {
		try (Connection connection = pool.getConnection();
				PreparedStatement claim = connection.prepareStatement(CLAIM);
				PreparedStatement mark = connection.prepareStatement(MARK)) {
			connection.setAutoCommit(false);
			while (true) {
				claim.setInt(1, batchSize);
				List<Long> ids = new ArrayList<>(batchSize);
				List<Long> seqs = new ArrayList<>(batchSize);
				try (ResultSet rs = claim.executeQuery()) {
					while (rs.next()) {
						ids.add(rs.getLong(1));
						seqs.add(rs.getLong(2));
					}
				}
				if (ids.isEmpty()) {
					connection.commit();
					return null;
				}
				try {
					destination.sendAll(seqs);
				}
				catch (RuntimeException ex) {
					// the rows stay pending for the next claim, as a relay's rollback leaves them
					connection.rollback();
					throw ex;
				}
				mark.setArray(1, connection.createArrayOf("bigint", ids.toArray()));
				mark.executeUpdate();
				connection.commit();
			}
		}
	}

}
