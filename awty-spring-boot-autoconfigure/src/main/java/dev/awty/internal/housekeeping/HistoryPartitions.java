package dev.awty.internal.housekeeping;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import javax.sql.DataSource;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.internal.support.AwtyTransactions;
import dev.awty.spi.DailyHistoryPartitions;

/**
 * The daily partitions of {@code awty_delivery_log} where the table is partitioned (see
 * {@link DailyHistoryPartitions}): creates the partitions of today and the next days before their entries arrive,
 * and retires whole days by dropping their partitions. Days are UTC days, counted from the database's clock by the
 * caller. Each partition is created or dropped in its own short transaction.
 */
public final class HistoryPartitions {

	private static final String PREFIX = "awty_delivery_log_d";

	private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

	private static final DateTimeFormatter MIDNIGHT_UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd' 00:00:00+00'");

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
		Set<LocalDate> days = new TreeSet<>();
		for (String name : this.jdbc.sql(this.sql.partitionNames()).query(String.class).list()) {
			if (name.startsWith(PREFIX)) {
				try {
					days.add(LocalDate.parse(name.substring(PREFIX.length()), DAY));
				}
				catch (DateTimeParseException ex) {
					// Not one of awty's: a partition the user named alike is theirs to keep.
				}
			}
		}
		return new ArrayList<>(days);
	}

	/** Creates the partitions of {@code today} and the days ahead that have none; returns how many it created. */
	public int createAhead(LocalDate today) {
		List<LocalDate> existing = days();
		int created = 0;
		for (LocalDate day = today; !day.isAfter(today.plusDays(this.daysAhead)); day = day.plusDays(1)) {
			if (!existing.contains(day)) {
				create(day);
				created++;
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
		this.transactions.executeWithoutResult((status) -> {
			this.jdbc.sql(this.sql.lockTimeout()).update();
			this.jdbc.sql(this.sql.createDetached().formatted(name)).update();
			this.jdbc.sql(this.sql.lockDefault()).update();
			this.jdbc.sql(this.sql.moveFromDefault().formatted(name))
				.param("from", day.atStartOfDay(ZoneOffset.UTC).toOffsetDateTime())
				.param("to", next.atStartOfDay(ZoneOffset.UTC).toOffsetDateTime())
				.update();
			this.jdbc.sql(this.sql.attach().formatted(name, MIDNIGHT_UTC.format(day), MIDNIGHT_UTC.format(next))).update();
		});
	}

	/** Drops the partitions of the days before {@code firstKept} with their entries; returns how many it dropped. */
	public int dropBefore(LocalDate firstKept) {
		int dropped = 0;
		for (LocalDate day : days()) {
			if (day.isBefore(firstKept)) {
				this.transactions.executeWithoutResult((status) -> {
					this.jdbc.sql(this.sql.lockTimeout()).update();
					this.jdbc.sql(this.sql.drop().formatted(name(day))).update();
				});
				dropped++;
			}
		}
		return dropped;
	}

	/** The name of the partition of {@code day}. */
	public static String name(LocalDate day) {
		return PREFIX + DAY.format(Objects.requireNonNull(day, "day"));
	}

}
