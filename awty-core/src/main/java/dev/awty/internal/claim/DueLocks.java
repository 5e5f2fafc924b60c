package dev.awty.internal.claim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.ScheduledEntity;
import dev.awty.internal.model.EventType;
import dev.awty.internal.support.IndexPlanning;
import dev.awty.spi.SqlDialect;

/**
 * The locks of due rows of one event table for batches held in a transaction ({@link dev.awty.Holding#TRANSACTION}),
 * from the dialect's statements: by due time or by priority, from a due-time floor where the dialect has one.
 */
final class DueLocks<T extends ScheduledEntity> {

	private final EventType<T> type;

	private final SqlDialect dialect;

	private final JdbcClient jdbc;

	private final boolean readsTraceParent;

	/** {@code null} where the dialect cannot lock due rows. */
	private final @Nullable String lockByDueTime;

	private final @Nullable String lockByPriority;

	/** The locks from a due-time floor; {@code null} where the dialect has none ({@link SqlDialect#dueFloor()}). */
	private final @Nullable String lockByDueTimeFromFloor;

	private final @Nullable String lockByPriorityFromFloor;

	/** {@code null} where the lock returns whole rows. */
	private final @Nullable String readLocked;

	/** Written by any claiming thread; a stale read only formats the statements again. */
	private volatile @Nullable HeldBatchPlanning heldBatchPlanning;

	/**
	 * @param dueOrder the order of rows by due time, filled into the dialect's lock
	 * @param priorityOrder the order of rows by priority first
	 */
	DueLocks(EventType<T> type, SqlDialect dialect, JdbcClient jdbc, boolean readsTraceParent, String dueOrder,
			String priorityOrder) {
		this.type = type;
		this.dialect = dialect;
		this.jdbc = jdbc;
		this.readsTraceParent = readsTraceParent;
		String table = type.table();
		String lockDueRows = dialect.lockDueRows();
		String dueFloor = dialect.dueFloor();
		this.lockByDueTime = (lockDueRows != null) ? lockDueRows.formatted(table, dueOrder, "") : null;
		this.lockByPriority = (lockDueRows != null) ? lockDueRows.formatted(table, priorityOrder, "") : null;
		boolean floors = lockDueRows != null && dueFloor != null && lockDueRows.contains("%3$s");
		this.lockByDueTimeFromFloor = floors ? lockDueRows.formatted(table, dueOrder, dueFloor) : null;
		this.lockByPriorityFromFloor = floors ? lockDueRows.formatted(table, priorityOrder, dueFloor) : null;
		String readLockedRows = dialect.readLockedRows();
		this.readLocked = (readLockedRows != null) ? readLockedRows.formatted(table) : null;
	}

	/**
	 * Locks up to {@code limit} due rows in the caller's transaction, which holds them until it ends; writes nothing.
	 * @param idleBound how long the database may keep the transaction open while awty sends nothing, where it can
	 * bound it ({@link dev.awty.spi.DialectPlanning#heldBatchPlanning})
	 * @param floorAgoMillis rows due more than this before now are not looked at, where the dialect has a floor
	 * ({@link SqlDialect#dueFloor()}); negative: every due row is
	 * @return the locked rows, earliest due first unless by priority, with the database's "now" of the statement
	 * @throws IllegalStateException if the dialect cannot ({@link SqlDialect#lockDueRows()})
	 */
	EventClaims.Claimed<T> lockDue(int limit, boolean byPriority, Duration idleBound, long floorAgoMillis) {
		String fromFloor = byPriority ? this.lockByPriorityFromFloor : this.lockByDueTimeFromFloor;
		String statement = (floorAgoMillis >= 0 && fromFloor != null) ? fromFloor
				: byPriority ? this.lockByPriority : this.lockByDueTime;
		if (statement == null) {
			throw new IllegalStateException("the " + this.dialect.name() + " dialect cannot lock due rows");
		}
		IndexPlanning.apply(this.jdbc, heldBatchPlanning(idleBound.toMillis()));
		ClaimedRowReader<T> reader = new ClaimedRowReader<>(this.dialect, this.type, this.readsTraceParent);
		List<@Nullable T> read;
		if (this.readLocked == null) {
			read = this.jdbc.sql(statement)
				.param("limit", limit)
				.param("aheadMillis", 0)
				.param("floorAgoMillis", Math.max(0, floorAgoMillis))
				.query(reader)
				.list();
		}
		else {
			List<Long> ids = this.jdbc.sql(statement)
				.param("limit", limit)
				.param("aheadMillis", 0)
				.param("floorAgoMillis", Math.max(0, floorAgoMillis))
				.query(Long.class)
				.list();
			read = ids.isEmpty() ? List.of() : inOrder(ids,
					this.jdbc.sql(this.readLocked).param("ids", ids).query(reader).list());
		}
		List<T> rows = new ArrayList<>(read.size());
		read.forEach((row) -> {
			if (row != null) {
				rows.add(row);
			}
		});
		return reader.claimed(rows, byPriority);
	}

	/** The dialect's planning for a held batch, formatted once for a bound that stays the same from claim to claim. */
	private List<String> heldBatchPlanning(long idleMillis) {
		HeldBatchPlanning planning = this.heldBatchPlanning;
		if (planning == null || planning.idleMillis() != idleMillis) {
			planning = new HeldBatchPlanning(idleMillis, this.dialect.planning().heldBatchPlanning(idleMillis));
			this.heldBatchPlanning = planning;
		}
		return planning.statements();
	}

	private record HeldBatchPlanning(long idleMillis, List<String> statements) {
	}

	/** {@code rows} in the order of {@code ids}, as the statement that locked them ordered them. */
	private static <T extends ScheduledEntity> List<@Nullable T> inOrder(List<Long> ids, List<@Nullable T> rows) {
		Map<Long, Integer> position = new HashMap<>();
		for (int i = 0; i < ids.size(); i++) {
			position.put(ids.get(i), i);
		}
		List<@Nullable T> ordered = new ArrayList<>(rows);
		ordered.removeIf(Objects::isNull);
		ordered.sort(Comparator.comparingInt((row) -> position.get(Objects.requireNonNull(row).getId())));
		return ordered;
	}

	/** Whether the dialect can lock due rows for a batch held in a transaction. */
	boolean locksDueRows() {
		return this.lockByDueTime != null;
	}

}
