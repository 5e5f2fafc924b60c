package dev.awty.benchmarks.rawsql;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Receiver;

/**
 * The raw claim+mark loop, the drain's secondary peer: worker threads that each claim a batch of due rows by writing
 * a lease on them ({@code FOR UPDATE SKIP LOCKED} inside an {@code UPDATE}, committed) and mark it delivered in a
 * second statement and transaction, with plain JDBC: two row versions per row, as awty writes. Each row claimed is
 * handed to the {@link Receiver}, so exactly-once is checked here as well. {@link RawRelayDrain} is the anchor.
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
		RawLoops.run(database, "raw-claim-mark", (pool, worker, batchSize) -> loop(pool, "raw-" + worker, batchSize, receiver));
	}

	private static void loop(HikariDataSource pool, String claimer, int batchSize, Receiver receiver) throws SQLException {
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
					return;
				}
				Array array = connection.createArrayOf("bigint", ids.toArray());
				mark.setArray(1, array);
				mark.setString(2, claimer);
				mark.executeUpdate();
			}
		}
	}

}
