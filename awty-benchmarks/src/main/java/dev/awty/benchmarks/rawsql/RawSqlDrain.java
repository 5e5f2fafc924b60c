package dev.awty.benchmarks.rawsql;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.zaxxer.hikari.HikariDataSource;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;

/**
 * The database's own limit for this work: worker threads that each claim a batch of due rows with
 * {@code FOR UPDATE SKIP LOCKED} and mark it delivered in a second statement, with plain JDBC and no
 * publishing. Each row read is handed to the {@link Receiver}, so exactly-once is checked here as well.
 */
public final class RawSqlDrain {

	private static final String CLAIM = """
			UPDATE raw_bench SET claimed_by = ?, claimed_until = CURRENT_TIMESTAMP + INTERVAL '5 minutes'
			WHERE id = ANY (ARRAY(SELECT id FROM raw_bench
			                      WHERE status = 'PENDING' AND due_at <= CURRENT_TIMESTAMP
			                        AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			                      ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED))
			RETURNING id, seq, due_at
			""";

	private static final String MARK = """
			UPDATE raw_bench SET status = 'DELIVERED', delivered_at = CURRENT_TIMESTAMP, attempts = attempts + 1,
			       claimed_until = NULL
			WHERE id = ANY(?) AND claimed_by = ?
			""";

	private RawSqlDrain() {
	}

	/** Drains every due row with the benchmark's thread count, pool size and batch size. */
	public static void drain(BenchDatabase database, Receiver receiver) {
		Options options = database.options();
		try (HikariDataSource pool = database.pool("raw-sql", options.poolSize())) {
			ExecutorService workers = Executors.newFixedThreadPool(options.threads());
			try {
				List<Future<?>> running = new ArrayList<>();
				for (int i = 0; i < options.threads(); i++) {
					String claimer = "raw-" + i;
					running.add(workers.submit(() -> loop(pool, claimer, options.batchSize(), receiver)));
				}
				for (Future<?> worker : running) {
					worker.get();
				}
			}
			catch (Exception ex) {
				throw new IllegalStateException("raw-SQL drain failed: " + ex.getMessage(), ex);
			}
			finally {
				workers.shutdownNow();
			}
		}
	}

	private static Void loop(HikariDataSource pool, String claimer, int batchSize, Receiver receiver) throws SQLException {
		try (Connection connection = pool.getConnection();
				PreparedStatement claim = connection.prepareStatement(CLAIM);
				PreparedStatement mark = connection.prepareStatement(MARK)) {
			while (true) {
				claim.setString(1, claimer);
				claim.setInt(2, batchSize);
				List<Long> ids = new ArrayList<>(batchSize);
				try (ResultSet rs = claim.executeQuery()) {
					while (rs.next()) {
						ids.add(rs.getLong(1));
						receiver.receive(rs.getLong(2), rs.getObject(3, OffsetDateTime.class).toInstant());
					}
				}
				if (ids.isEmpty()) {
					return null;
				}
				Array array = connection.createArrayOf("bigint", ids.toArray());
				mark.setArray(1, array);
				mark.setString(2, claimer);
				mark.executeUpdate();
			}
		}
	}

}
