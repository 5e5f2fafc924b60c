package dev.awty.internal.housekeeping;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;

import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import dev.awty.housekeeping.HousekeepingRun;
import dev.awty.housekeeping.HousekeepingRuns;
import dev.awty.internal.housekeeping.RetentionDeletes.Deleted;
import dev.awty.internal.support.ErrorText;

/**
 * Every {@code interval}, on the one instance that gets the lock {@code awty:housekeeping}: deletes history
 * entries and audit entries of operator actions older than the retention, and rows of the types that keep finished
 * rows once they are older than the type's keep-finished time; cutoffs by the database's clock. A failed run is
 * logged and the next run tries again.
 * <p>
 * Where the history is partitioned by day ({@link HistoryPartitions}), a run first creates the partitions of today
 * and the next days (so does start-up), then retires the history by whole days: it drops the partitions of the days
 * that ended before the retention's cutoff and keeps the day the cutoff falls in whole, so entries stay up to a day
 * longer than the retention. Only entries that landed in the default partition are deleted row by row.
 */
public final class Housekeeping implements SmartLifecycle, HousekeepingRuns {

	private static final Log logger = LogFactory.getLog(Housekeeping.class);

	public static final String LOCK_NAME = "awty:housekeeping";

	/** Not a whole interval after start-up: an instance restarted more often than that would never run it. */
	private static final Duration FIRST_RUN_AT_MOST_AFTER = Duration.ofMinutes(1);

	private final RetentionDeletes deletes;

	private final LockProvider lockProvider;

	private final Duration interval;

	private final Duration historyRetention;

	private final Iterable<String> historyTypes;

	private final Map<String, Duration> keepFinishedByTable;

	private final @Nullable Duration keepCompletedSchedules;

	private final @Nullable HistoryPartitions partitions;

	private @Nullable ThreadPoolTaskScheduler scheduler;

	/**
	 * @param historyTypes the types whose history is deleted after {@code historyRetention}
	 * @param keepFinishedByTable the tables of types that mark delivered rows, with how long finished rows stay
	 * @param keepCompletedSchedules how long completed {@code @at} schedules stay; {@code null} keeps them
	 * @param partitions the daily partitions of the history where the database has them and awty manages them;
	 * {@code null} deletes old history entries row by row
	 */
	public Housekeeping(RetentionDeletes deletes, LockProvider lockProvider, Duration interval,
			Duration historyRetention, Iterable<String> historyTypes, Map<String, Duration> keepFinishedByTable,
			@Nullable Duration keepCompletedSchedules, @Nullable HistoryPartitions partitions) {
		this.deletes = deletes;
		this.lockProvider = lockProvider;
		this.interval = interval;
		this.historyRetention = historyRetention;
		this.historyTypes = historyTypes;
		this.keepFinishedByTable = Map.copyOf(keepFinishedByTable);
		this.keepCompletedSchedules = keepCompletedSchedules;
		this.partitions = partitions;
	}

	/**
	 * What one run deleted.
	 * @param ran whether this instance got the lock; when not, nothing was deleted
	 * @param historyDaysDropped how many days of history were retired by dropping their partitions
	 */
	public record Run(boolean ran, Deleted history, int historyDaysDropped, Deleted rows, Deleted schedules) {
	}

	@Override
	public HousekeepingRun runNow() {
		Run run = runOnce();
		return new HousekeepingRun(run.ran(), run.history().rows(), run.historyDaysDropped(), run.rows().rows(),
				run.schedules().rows());
	}

	/** Runs once now if this instance gets the lock, and says what it deleted. */
	public Run runOnce() {
		Optional<SimpleLock> lock = lock();
		if (lock.isEmpty()) {
			return new Run(false, Deleted.NONE, 0, Deleted.NONE, Deleted.NONE);
		}
		try {
			Instant now = this.deletes.databaseNow();
			Instant historyCutoff = now.minus(this.historyRetention);
			int daysDropped = 0;
			if (this.partitions != null && this.partitions.partitioned()) {
				this.partitions.createAhead(LocalDate.ofInstant(now, ZoneOffset.UTC));
				LocalDate cutoffDay = LocalDate.ofInstant(historyCutoff, ZoneOffset.UTC);
				daysDropped = this.partitions.dropBefore(cutoffDay);
				// The partitions left hold no entry older than this; the deletes find the default partition's only.
				historyCutoff = cutoffDay.atStartOfDay(ZoneOffset.UTC).toInstant();
			}
			Deleted history = Deleted.NONE;
			for (String type : this.historyTypes) {
				history = history.plus(this.deletes.deleteHistory(type, historyCutoff));
			}
			Deleted rows = Deleted.NONE;
			for (Map.Entry<String, Duration> table : this.keepFinishedByTable.entrySet()) {
				rows = rows.plus(this.deletes.deleteFinishedRows(table.getKey(), now.minus(table.getValue())));
			}
			Deleted schedules = (this.keepCompletedSchedules != null)
					? this.deletes.deleteCompletedSchedules(now.minus(this.keepCompletedSchedules)) : Deleted.NONE;
			// The audit of operator actions is kept as long as the history, to the instant: it has no partitions.
			Deleted audit = this.deletes.deleteAuditEntries(now.minus(this.historyRetention));
			if (history.rows() > 0 || daysDropped > 0 || rows.rows() > 0 || schedules.rows() > 0 || audit.rows() > 0) {
				logger.info("awty: housekeeping dropped " + daysDropped + " days of history, deleted " + history.rows()
						+ " history entries, " + rows.rows() + " finished rows, " + schedules.rows()
						+ " completed @at schedules and " + audit.rows() + " audit entries in "
						+ (history.statements() + rows.statements() + schedules.statements() + audit.statements())
						+ " statements");
			}
			return new Run(true, history, daysDropped, rows, schedules);
		}
		finally {
			lock.get().unlock();
		}
	}

	/**
	 * Creates the history partitions of today and the days ahead, if this instance gets the lock and the history is
	 * partitioned; start-up does, so that entries do not wait for the first run in the default partition.
	 */
	public void createPartitionsAhead() {
		if (this.partitions == null) {
			return;
		}
		Optional<SimpleLock> lock = lock();
		if (lock.isEmpty()) {
			return;
		}
		try {
			if (this.partitions.partitioned()) {
				this.partitions.createAhead(LocalDate.ofInstant(this.deletes.databaseNow(), ZoneOffset.UTC));
			}
		}
		finally {
			lock.get().unlock();
		}
	}

	private Optional<SimpleLock> lock() {
		return this.lockProvider.lock(new LockConfiguration(ClockProvider.now(), LOCK_NAME, this.interval, Duration.ZERO));
	}

	private void runSafely() {
		try {
			runOnce();
		}
		catch (RuntimeException ex) {
			logger.warn("awty: housekeeping failed (" + ErrorText.of(ex) + "); trying again in " + this.interval);
		}
	}

	@Override
	public synchronized void start() {
		if (this.scheduler != null) {
			return;
		}
		ThreadPoolTaskScheduler taskScheduler = new ThreadPoolTaskScheduler();
		taskScheduler.setThreadNamePrefix("awty-housekeeping-");
		taskScheduler.initialize();
		try {
			createPartitionsAhead();
		}
		catch (RuntimeException ex) {
			logger.warn("awty: could not create the history partitions ahead (" + ErrorText.of(ex)
					+ "); entries go to the default partition until housekeeping runs");
		}
		Duration firstDelay = (this.interval.compareTo(FIRST_RUN_AT_MOST_AFTER) < 0) ? this.interval : FIRST_RUN_AT_MOST_AFTER;
		taskScheduler.scheduleWithFixedDelay(this::runSafely, Instant.now().plus(firstDelay), this.interval);
		this.scheduler = taskScheduler;
	}

	@Override
	public synchronized void stop() {
		if (this.scheduler != null) {
			this.scheduler.shutdown();
			this.scheduler = null;
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.scheduler != null;
	}

}
