package dev.awty.internal.claim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.spi.SqlDialect;

/**
 * The lease statements of one table (an event table or {@code awty_schedule}): extend the leases of the rows
 * an instance still holds, and, when fewer were extended than asked for, find out which ones are still held.
 * Long id lists are split into chunks run in one transaction, so a heartbeat costs one commit.
 */
public final class Leases {

	// A row whose outcome was written has claimed_until NULL (or, for a failed schedule, no claimed_by).
	private static final String HELD = """
			SELECT id, claimed_by FROM %s WHERE id IN (:ids) AND claimed_by IN (:claimers) AND claimed_until IS NOT NULL
			""";

	/** Keeps every statement well under the bind-parameter limits of the drivers. */
	private static final int CHUNK = 5_000;

	private final DataSource dataSource;

	private final JdbcClient jdbc;

	private final TransactionOperations transaction;

	private final String extend;

	private final String held;

	public Leases(String table, SqlDialect dialect, DataSource dataSource, TransactionOperations transaction) {
		this.dataSource = dataSource;
		this.jdbc = JdbcClient.create(dataSource);
		this.transaction = transaction;
		this.extend = dialect.extendLeases().formatted(table).strip() + " AND claimed_until IS NOT NULL";
		this.held = HELD.formatted(table);
	}

	/**
	 * Sets the lease of the rows among {@code ids} still claimed by one of {@code claimers} to {@code lease}
	 * from now, by the database's clock.
	 * @return how many rows were extended; fewer than {@code ids} means some are no longer held
	 */
	public int extend(Collection<?> ids, Collection<String> claimers, Duration lease) {
		if (ids.isEmpty()) {
			return 0;
		}
		// One heartbeat serves every type: a statement waiting on a row lock must not outlast the beat.
		JdbcTemplate bounded = new JdbcTemplate(this.dataSource);
		bounded.setQueryTimeout((int) Math.max(1, lease.toSeconds() / 3));
		JdbcClient jdbc = JdbcClient.create(bounded);
		Integer extended = this.transaction.execute((status) -> {
			int count = 0;
			for (List<?> chunk : chunks(ids)) {
				count += jdbc.sql(this.extend)
					.param("ids", chunk)
					.param("claimers", claimers)
					.param("leaseMillis", lease.toMillis())
					.update();
			}
			return count;
		});
		return (extended != null) ? extended : 0;
	}

	/**
	 * The rows among {@code ids} that one of {@code claimers} still holds, by claimer: a row lost by one claim and
	 * claimed again by another of the same instance is held under the second one's token only.
	 */
	public <I> Map<String, Set<I>> held(Collection<I> ids, Collection<String> claimers, Class<I> idType) {
		Map<String, Set<I>> held = new HashMap<>();
		for (List<I> chunk : chunks(ids)) {
			this.jdbc.sql(this.held).param("ids", chunk).param("claimers", claimers).query((rs) -> {
				held.computeIfAbsent(rs.getString("claimed_by"), (claimer) -> new HashSet<>())
					.add(rs.getObject("id", idType));
			});
		}
		return held;
	}

	private static <I> List<List<I>> chunks(Collection<I> ids) {
		List<I> all = new ArrayList<>(ids);
		List<List<I>> chunks = new ArrayList<>();
		for (int from = 0; from < all.size(); from += CHUNK) {
			chunks.add(all.subList(from, Math.min(all.size(), from + CHUNK)));
		}
		return chunks;
	}

}
