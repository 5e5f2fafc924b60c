package dev.awty.benchmarks.rawsql;

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
 * The raw relay loop, the drain's anchor: the fastest correct loop a team writes by hand for this work. Each worker
 * thread, in one transaction per batch, locks up to {@code --batch} due rows with {@code FOR UPDATE SKIP LOCKED},
 * hands each to the {@link Receiver}, marks them delivered in one {@code UPDATE} and commits: one row version per
 * delivered row, where {@link RawSqlDrain} writes two. A row's lock lasts only as long as its transaction, so a
 * worker that dies leaves its batch pending for the next claim, and one whose receiver is slow holds the rows
 * and a connection open that long: what awty's committed claim avoids, and pays a second row version for.
 */
public final class RawRelayDrain {

	/** The relay's claim: a plain {@code FOR UPDATE SKIP LOCKED} walking the pending index to its limit. */
	public static final String CLAIM = """
			SELECT id, seq, due_at FROM raw_bench
			WHERE status = 'PENDING' AND due_at <= CURRENT_TIMESTAMP
			ORDER BY due_at
			LIMIT ?
			FOR UPDATE SKIP LOCKED
			""";

	private static final String MARK = """
			UPDATE raw_bench SET status = 'DELIVERED', delivered_at = CURRENT_TIMESTAMP, attempts = attempts + 1
			WHERE id = ANY(?)
			""";

	private RawRelayDrain() {
	}

	/** Drains every due row with the benchmark's thread count, pool size and batch size. */
	public static void drain(BenchDatabase database, Receiver receiver) {
		RawLoops.run(database, "raw-relay", (pool, worker, batchSize) -> loop(pool, batchSize, receiver));
	}

	private static void loop(HikariDataSource pool, int batchSize, Receiver receiver) throws SQLException {
		try (Connection connection = pool.getConnection();
				PreparedStatement claim = connection.prepareStatement(CLAIM);
				PreparedStatement mark = connection.prepareStatement(MARK)) {
			connection.setAutoCommit(false);
			while (true) {
				claim.setInt(1, batchSize);
				List<Long> ids = new ArrayList<>(batchSize);
				try (ResultSet rs = claim.executeQuery()) {
					while (rs.next()) {
						ids.add(rs.getLong(1));
						receiver.receive(rs.getLong(2), rs.getObject(3, OffsetDateTime.class).toInstant());
					}
				}
				if (ids.isEmpty()) {
					connection.commit();
					return;
				}
				mark.setArray(1, connection.createArrayOf("bigint", ids.toArray()));
				mark.executeUpdate();
				connection.commit();
			}
		}
	}

}
