package dev.awty.internal.housekeeping;

import java.time.Duration;
import java.time.Instant;
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

import dev.awty.internal.housekeeping.RetentionDeletes.Deleted;
import dev.awty.internal.support.ErrorText;

/**
 * Every {@code interval}, on the one instance that gets the lock {@code awty:housekeeping}: deletes history
 * entries older than the retention, and rows of the types that keep finished rows once they are older than
 * the type's keep-finished time; cutoffs by the database's clock. A failed run is logged and the next run
 * tries again.
 */
public final class Housekeeping implements SmartLifecycle {

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

	private @Nullable ThreadPoolTaskScheduler scheduler;

	/**
	 * @param historyTypes the types whose history is deleted after {@code historyRetention}
	 * @param keepFinishedByTable the tables of types that mark delivered rows, with how long finished rows stay
	 * @param keepCompletedSchedules how long completed {@code @at} schedules stay; {@code null} keeps them
	 */
	public Housekeeping(RetentionDeletes deletes, LockProvider lockProvider, Duration interval,
			Duration historyRetention, Iterable<String> historyTypes, Map<String, Duration> keepFinishedByTable,
			@Nullable Duration keepCompletedSchedules) {
		this.deletes = deletes;
		this.lockProvider = lockProvider;
		this.interval = interval;
		this.historyRetention = historyRetention;
		this.historyTypes = historyTypes;
		this.keepFinishedByTable = Map.copyOf(keepFinishedByTable);
		this.keepCompletedSchedules = keepCompletedSchedules;
	}

	/**
	 * What one run deleted.
	 * @param ran whether this instance got the lock; when not, nothing was deleted
	 */
	public record Run(boolean ran, Deleted history, Deleted rows, Deleted schedules) {
	}

	/** Runs once now if this instance gets the lock, and says what it deleted. */
	public Run runOnce() {
		Optional<SimpleLock> lock = this.lockProvider
			.lock(new LockConfiguration(ClockProvider.now(), LOCK_NAME, this.interval, Duration.ZERO));
		if (lock.isEmpty()) {
			return new Run(false, Deleted.NONE, Deleted.NONE, Deleted.NONE);
		}
		try {
			Instant now = this.deletes.databaseNow();
			Deleted history = Deleted.NONE;
			for (String type : this.historyTypes) {
				history = history.plus(this.deletes.deleteHistory(type, now.minus(this.historyRetention)));
			}
			Deleted rows = Deleted.NONE;
			for (Map.Entry<String, Duration> table : this.keepFinishedByTable.entrySet()) {
				rows = rows.plus(this.deletes.deleteFinishedRows(table.getKey(), now.minus(table.getValue())));
			}
			Deleted schedules = (this.keepCompletedSchedules != null)
					? this.deletes.deleteCompletedSchedules(now.minus(this.keepCompletedSchedules)) : Deleted.NONE;
			if (history.rows() > 0 || rows.rows() > 0 || schedules.rows() > 0) {
				logger.info("awty: housekeeping deleted " + history.rows() + " history entries, " + rows.rows()
						+ " finished rows and " + schedules.rows() + " completed @at schedules in "
						+ (history.statements() + rows.statements() + schedules.statements()) + " statements");
			}
			return new Run(true, history, rows, schedules);
		}
		finally {
			lock.get().unlock();
		}
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
