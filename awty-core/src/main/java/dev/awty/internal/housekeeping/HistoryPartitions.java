package dev.awty.internal.housekeeping;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.internal.support.AwtyTransactions;
import dev.awty.internal.support.ErrorText;
import dev.awty.spi.DailyHistoryPartitions;

/**
 * The daily partitions of {@code awty_delivery_log} where the table is partitioned (see
 * {@link DailyHistoryPartitions}): creates the partitions of today and the next days before their entries arrive,
 * and retires whole days by dropping their partitions. Days are UTC days, counted from the database's clock by the
 * caller. Each partition is created in one short transaction, and retired by a detach and a drop.
 */
public final class HistoryPartitions {

	private static final Log logger = LogFactory.getLog(HistoryPartitions.class);

	private static final String PREFIX = "awty_delivery_log_d";

	private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

	private static final DateTimeFormatter MIDNIGHT_UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd' 00:00:00+00'");

	/** The pauses before trying again for a lock not granted: a blocker of a few seconds is outlasted in the run. */
	private static final List<Duration> LOCK_PAUSES = List.of(Duration.ofSeconds(1), Duration.ofSeconds(2),
			Duration.ofSeconds(4));

	private final JdbcClient jdbc;

	private final AwtyTransactions transactions;

	private final DailyHistoryPartitions sql;

	private final int daysAhead;

	/**
	 * @param daysAhead how many days after today get their partition ahead of time
	 * @throws IllegalArgumentException if {@code daysAhead} is negative
	 */
	public HistoryPartitions(DataSource dataSource, DailyHistoryPartitions sql, int daysAhead) {
		if (daysAhead < 0) {
			throw new IllegalArgumentException("daysAhead must be 0 or more, was " + daysAhead);
		}
		this.jdbc = JdbcClient.create(dataSource);
		this.transactions = AwtyTransactions.on(dataSource);
		this.sql = sql;
		this.daysAhead = daysAhead;
	}

	/** Whether {@code awty_delivery_log} is partitioned; a table created before awty partitioned it is not. */
	public boolean partitioned() {
		return Boolean.TRUE.equals(this.jdbc.sql(this.sql.isPartitioned()).query(Boolean.class).single());
	}

	/** The days that have a partition of awty's, oldest first. */
	public List<LocalDate> days() {
		return dayTables().stream().filter(DayTable::attached).map(DayTable::day).toList();
	}

	/** Every table of awty's days, attached or detached by awty on its way out, oldest first. */
	private List<DayTable> dayTables() {
		List<DayTable> tables = new ArrayList<>();
		this.jdbc.sql(this.sql.dayTables()).query((rs) -> {
			String name = rs.getString("name");
			try {
				tables.add(new DayTable(LocalDate.parse(name.substring(PREFIX.length()), DAY), rs.getBoolean("attached")));
			}
			catch (DateTimeParseException ex) {
				// Not one of awty's: a table the user named alike is theirs to keep.
			}
		});
		tables.sort(Comparator.comparing(DayTable::day));
		return tables;
	}

	private record DayTable(LocalDate day, boolean attached) {
	}

	/**
	 * Creates the partitions of {@code today} and the days ahead that have none; returns how many it created. A day
	 * that cannot get one (a partition of the user's covers it, a lock was not granted in time) is logged and left to
	 * the next run, and its entries go to a partition that covers it or to the default one meanwhile.
	 */
	public int createAhead(LocalDate today) {
		List<LocalDate> existing = days();
		int created = 0;
		for (LocalDate day = today; !day.isAfter(today.plusDays(this.daysAhead)); day = day.plusDays(1)) {
			if (!existing.contains(day)) {
				try {
					create(day);
					created++;
				}
				catch (DataAccessException ex) {
					logger.warn("awty: could not create the history partition of " + day + " (" + ErrorText.of(ex)
							+ "); trying again at the next housekeeping run");
				}
			}
		}
		return created;
	}

	/**
	 * Creates the partition of {@code day}, moving into it the day's entries that arrived in the default partition
	 * while it had none.
	 */
	public void create(LocalDate day) {
		String name = name(day);
		LocalDate next = day.plusDays(1);
		withLockRetries(() -> this.transactions.executeWithoutResult((status) -> {
			this.jdbc.sql(this.sql.lockTimeout()).update();
			this.jdbc.sql(this.sql.createDetached().formatted(name)).update();
			this.jdbc.sql(this.sql.lockDefault()).update();
			this.jdbc.sql(this.sql.moveFromDefault().formatted(name))
				.param("from", day.atStartOfDay(ZoneOffset.UTC).toOffsetDateTime())
				.param("to", next.atStartOfDay(ZoneOffset.UTC).toOffsetDateTime())
				.update();
			this.jdbc.sql(this.sql.attach().formatted(name, MIDNIGHT_UTC.format(day), MIDNIGHT_UTC.format(next))).update();
		}));
	}

	/**
	 * Drops the partitions of the days before {@code firstKept} with their entries; returns how many it dropped. Each is
	 * detached in one short transaction and dropped in another, so that the table is locked only for the detach. A day
	 * that cannot be retired now (a lock not granted in time) is logged and left to the next run, and the others
	 * are retired all the same.
	 */
	public int dropBefore(LocalDate firstKept) {
		int dropped = 0;
		for (DayTable table : dayTables()) {
			if (table.day().isBefore(firstKept)) {
				try {
					retire(table);
					dropped++;
				}
				catch (DataAccessException ex) {
					logger.warn("awty: could not retire the history partition of " + table.day() + " ("
							+ ErrorText.of(ex) + "); trying again at the next housekeeping run");
				}
			}
		}
		return dropped;
	}

	private void retire(DayTable table) {
		String name = name(table.day());
		if (table.attached()) {
			withLockRetries(() -> this.transactions.executeWithoutResult((status) -> {
				this.jdbc.sql(this.sql.lockTimeout()).update();
				this.jdbc.sql(this.sql.detach().formatted(name)).update();
				this.jdbc.sql(this.sql.markRetiring().formatted(name)).update();
			}));
		}
		// In a transaction of its own too: on a pool that does not auto-commit, a DROP outside one would be rolled
		// back when the connection returns, leaving the day's files on disk while the run counted it dropped.
		this.transactions.executeWithoutResult((status) -> this.jdbc.sql(this.sql.drop().formatted(name)).update());
	}

	/**
	 * Runs {@code change}, a transaction that waits for its locks no longer than the dialect's short lock timeout, and
	 * runs it again after a pause when it failed (a lock not granted), up to {@link #LOCK_PAUSES} times: the history's inserts
	 * queue behind a waiting DETACH or ATTACH, so it waits in short stretches with pauses in between, rather than for
	 * long at once. The last failure is thrown, and the caller leaves the day to the next run.
	 */
	private void withLockRetries(Runnable change) {
		for (int attempt = 0;; attempt++) {
			try {
				change.run();
				return;
			}
			// Any failure, not only a lock exception: Spring translates PostgreSQL's lock timeout (55P03) to no lock
			// exception. Another failure costs the run the pauses, once an hour.
			catch (DataAccessException ex) {
				if (attempt >= LOCK_PAUSES.size()) {
					throw ex;
				}
				pause(LOCK_PAUSES.get(attempt));
			}
		}
	}

	private static void pause(Duration pause) {
		try {
			Thread.sleep(pause.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new CannotAcquireLockException("interrupted while waiting to try again for a history partition lock", ex);
		}
	}

	/** The name of the partition of {@code day}. */
	public static String name(LocalDate day) {
		return PREFIX + DAY.format(Objects.requireNonNull(day, "day"));
	}

}
