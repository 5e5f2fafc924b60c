package dev.awty.internal.recurring;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import net.javacrumbs.shedlock.core.LockProvider;

import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.transaction.support.TransactionOperations;

import dev.awty.ClaimMode;
import dev.awty.internal.delivery.LeaseHeartbeat;
import dev.awty.internal.jdbc.Leases;
import dev.awty.internal.support.ErrorText;
import dev.awty.internal.support.TypeLock;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.SqlDialect;

/**
 * Publishes the due occurrences of recurring schedules. Each cycle claims batches while schedules remain due,
 * then sleeps until the next schedule is due by the database's clock, or at most the poll interval (other
 * instances may create schedules meanwhile). In leader mode, and on databases that cannot skip locked rows, each
 * claim is taken under the lock {@code awty:recurring}. A failed cycle is logged in one line and retried after a
 * growing pause.
 */
public final class RecurringPoller implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(RecurringPoller.class);

	static final String LOCK_NAME = "awty:recurring";

	private static final Duration MAX_ERROR_PAUSE = Duration.ofSeconds(30);

	private final RecurringDelivery delivery;

	private final RecurringSettings settings;

	private final TypeLock lock;

	private final LeaseHeartbeat<String> heartbeat;

	private final AtomicLong lostLeases = new AtomicLong();

	private @Nullable ScheduledExecutorService heartbeatThread;

	private final Object monitor = new Object();

	private @Nullable ThreadPoolTaskScheduler scheduler;

	private @Nullable ScheduledFuture<?> next;

	private @Nullable Instant nextRunAt;

	private @Nullable Instant wakeDuringCycle;

	private boolean cycling;

	private int failedCycles;

	public RecurringPoller(SqlDialect dialect, DataSource dataSource, RecurringSettings settings,
			EventPublisher publisher, LockProvider lockProvider, String instanceId, TransactionOperations transactions) {
		JdbcClient jdbc = JdbcClient.create(dataSource);
		NamedParameterJdbcTemplate batchJdbc = new NamedParameterJdbcTemplate(dataSource);
		this.heartbeat = new LeaseHeartbeat<>("recurring schedules",
				new Leases(ScheduleStore.TABLE, dialect, dataSource, transactions), String.class, settings.lease(),
				this.lostLeases::addAndGet);
		this.delivery = new RecurringDelivery(new ScheduleClaims(dialect, jdbc, batchJdbc, transactions),
				new ScheduleStore(dialect, jdbc, batchJdbc), settings, publisher, instanceId, this.heartbeat);
		this.settings = settings;
		this.lock = new TypeLock(lockProvider, LOCK_NAME, settings.lease());
	}

	/** Makes a cycle start no later than {@code at}: a schedule became due sooner than the next poll. */
	public void wakeUpBy(@Nullable Instant at) {
		if (at == null) {
			return;
		}
		synchronized (this.monitor) {
			if (this.scheduler == null) {
				return;
			}
			if (this.cycling) {
				this.wakeDuringCycle = (this.wakeDuringCycle == null || at.isBefore(this.wakeDuringCycle)) ? at
						: this.wakeDuringCycle;
				return;
			}
			if (this.nextRunAt == null || at.isBefore(this.nextRunAt)) {
				scheduleAt(at);
			}
		}
	}

	@Override
	public void start() {
		synchronized (this.monitor) {
			if (this.scheduler != null) {
				return;
			}
			ThreadPoolTaskScheduler taskScheduler = new ThreadPoolTaskScheduler();
			taskScheduler.setPoolSize(1);
			taskScheduler.setThreadNamePrefix("awty-recurring-");
			taskScheduler.initialize();
			this.scheduler = taskScheduler;
			ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor((task) -> {
				Thread thread = new Thread(task, "awty-recurring-heartbeat");
				thread.setDaemon(true);
				return thread;
			});
			this.heartbeatThread = beats;
			this.heartbeat.start(beats);
			scheduleAt(Instant.now());
		}
		logger.info("awty: started the recurring schedule poller");
	}

	@Override
	public void stop() {
		ThreadPoolTaskScheduler taskScheduler;
		synchronized (this.monitor) {
			taskScheduler = this.scheduler;
			this.scheduler = null;
			if (this.next != null) {
				this.next.cancel(false);
			}
		}
		if (taskScheduler != null) {
			taskScheduler.setWaitForTasksToCompleteOnShutdown(true);
			taskScheduler.setAwaitTerminationSeconds(30);
			taskScheduler.shutdown();
			this.heartbeat.stop();
			ScheduledExecutorService beats = this.heartbeatThread;
			if (beats != null) {
				beats.shutdownNow();
			}
			logger.info("awty: stopped the recurring schedule poller");
		}
	}

	/** Claimed schedules lost because their lease ran out while this instance stalled. */
	public long lostLeases() {
		return this.lostLeases.get();
	}

	@Override
	public boolean isRunning() {
		synchronized (this.monitor) {
			return this.scheduler != null;
		}
	}

	@Override
	public int getPhase() {
		// Like the event pollers: after Spring Integration's endpoints, so consumers are subscribed first.
		return Integer.MAX_VALUE - 1000;
	}

	private void scheduleAt(Instant at) {
		ThreadPoolTaskScheduler taskScheduler = this.scheduler;
		if (taskScheduler == null) {
			return;
		}
		if (this.next != null) {
			this.next.cancel(false);
		}
		this.nextRunAt = at;
		this.next = taskScheduler.schedule(this::runCycle, at);
	}

	private void runCycle() {
		synchronized (this.monitor) {
			if (this.scheduler == null || this.cycling) {
				return;
			}
			this.cycling = true;
			this.nextRunAt = null;
		}
		Duration delay = this.settings.pollInterval();
		try {
			delay = cycle();
			if (this.failedCycles > 0) {
				logger.info("awty: recurring schedule poller recovered after " + this.failedCycles + " failed cycle(s)");
			}
			this.failedCycles = 0;
		}
		catch (Throwable ex) {
			// An Error too: a poller that died of one would stop every recurring schedule without a word.
			this.failedCycles++;
			long millis = this.settings.pollInterval().toMillis() << Math.min(this.failedCycles - 1, 10);
			delay = Duration.ofMillis(Math.min(millis, Math.max(MAX_ERROR_PAUSE.toMillis(), this.settings.pollInterval().toMillis())));
			logger.warn("awty: recurring schedule poller failed (" + ErrorText.of(ex) + "); trying again in "
					+ delay.toMillis() + " ms");
			logger.debug("awty: recurring schedule poller failure", ex);
		}
		finally {
			synchronized (this.monitor) {
				this.cycling = false;
				Instant at = Instant.now().plus(delay);
				if (this.wakeDuringCycle != null && this.wakeDuringCycle.isBefore(at)) {
					at = this.wakeDuringCycle;
				}
				this.wakeDuringCycle = null;
				scheduleAt(at);
			}
		}
	}

	/**
	 * Whether the poller is stopped, or running with a cycle in progress or scheduled: {@code false} means it
	 * died and no schedule is published any more.
	 */
	public boolean isAlive() {
		synchronized (this.monitor) {
			return this.scheduler == null || this.cycling || (this.next != null && !this.next.isDone());
		}
	}

	private Duration cycle() {
		while (isRunning()) {
			ClaimedSchedules batch = claim();
			if (batch.rows().isEmpty()) {
				break;
			}
			if (!isRunning()) {
				this.delivery.release(batch);
				break;
			}
			long started = System.nanoTime();
			int published = this.delivery.process(batch);
			if (logger.isDebugEnabled()) {
				logger.debug("awty: published " + published + " occurrence(s) of " + batch.rows().size()
						+ " claimed schedule(s) in " + (System.nanoTime() - started) / 1_000_000 + " ms");
			}
			if (batch.rows().size() < this.settings.batchSize()) {
				break;
			}
		}
		ScheduleClaims.NextDue nextDue = this.delivery.nextDue();
		if (nextDue.nextAt() == null) {
			return this.settings.pollInterval();
		}
		Duration untilDue = Duration.between(nextDue.now(), nextDue.nextAt());
		return (untilDue.compareTo(this.settings.pollInterval()) < 0) ? untilDue : this.settings.pollInterval();
	}

	private ClaimedSchedules claim() {
		if (this.settings.mode() == ClaimMode.SKIP_LOCKED && this.delivery.claimsSkipLockedRows()) {
			return this.delivery.claim();
		}
		return this.lock.whileHeld(this.delivery::claim, ClaimedSchedules.empty());
	}

}
