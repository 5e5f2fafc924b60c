package dev.awty.internal.pipeline;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import net.javacrumbs.shedlock.core.LockProvider;

import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.DeliveryObserver;
import dev.awty.internal.pipeline.kit.DeliveryObservers;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.support.LifecyclePhases;
import dev.awty.internal.wakeup.WakeUps;

/**
 * Runs one {@link PollLoop} per source: each event type, and the recurring schedules. Starts late and stops early in the lifecycle, so channels and the
 * DataSource are up while it delivers; stopping waits for batches in flight.
 */
public final class DeliveryPollers implements SmartLifecycle, AutoCloseable {

	private static final Log logger = LogFactory.getLog(DeliveryPollers.class);

	private final List<PollLoop<?>> pollers = new ArrayList<>();

	private final List<Runnable> startChecks = new ArrayList<>();

	private final List<LongConsumer> shutdowns = new ArrayList<>();

	private final List<LeaseHeartbeat<?>> heartbeats = new ArrayList<>();

	private @Nullable ScheduledExecutorService heartbeatThreads;

	private final Map<String, DeliveryCounters> counters = new ConcurrentHashMap<>();

	private final DeliveryObservers observers = new DeliveryObservers();

	private final Duration shutdownTimeout;

	private final WakeUps wakeUps;

	private final LockProvider lockProvider;

	private final Clock clock;

	private @Nullable ThreadPoolTaskScheduler scheduler;

	private volatile PauseCheck pauses = PauseCheck.NONE;

	/** The parts of awty whose sources are added when the pollers first start. */
	private final Iterable<? extends PipelineSources> parts;

	private boolean partsAdded;

	public DeliveryPollers(Duration shutdownTimeout, WakeUps wakeUps, LockProvider lockProvider, Clock clock) {
		this(shutdownTimeout, wakeUps, lockProvider, clock, List.of());
	}

	/**
	 * @param parts the parts of awty whose sources run here, read when the pollers first start rather than now: a
	 * part may depend on beans (an application's handlers) that depend on the pollers
	 */
	public DeliveryPollers(Duration shutdownTimeout, WakeUps wakeUps, LockProvider lockProvider, Clock clock,
			Iterable<? extends PipelineSources> parts) {
		this.shutdownTimeout = shutdownTimeout;
		this.lockProvider = lockProvider;
		this.wakeUps = wakeUps;
		this.clock = clock;
		this.parts = parts;
	}

	/**
	 * Adds the poll loop of one source; call before {@link #start()}.
	 * @param described names the source in log lines, e.g. {@code type 'purchase'}
	 * @param heartbeat keeps the leases of the source's claimed batches alive; started and stopped with the loop.
	 * {@code null} for a source whose batches hold no lease
	 */
	public <B extends PollSource.Batch> void add(LoopSettings settings, String described, PollSource<B> source,
			@Nullable LeaseHeartbeat<?> heartbeat) {
		// Channels declared by @ServiceActivator exist only once all singletons are created, so check at start.
		this.startChecks.add(source::verify);
		this.shutdowns.add(source::shutdown);
		if (heartbeat != null) {
			this.heartbeats.add(heartbeat);
		}
		PollLoop<B> loop = new PollLoop<>(settings, described, source, this.lockProvider, this.clock,
				(name, maxAge) -> this.pauses.isPaused(name, maxAge));
		this.pollers.add(loop);
		this.wakeUps.register(settings.name(), settings.pollInterval(), (dueAt, local) -> {
			source.rowDue(dueAt);
			loop.wakeUpBy(dueAt, local);
		});
	}

	/** Makes every loop ask {@code pauses} whether its source is paused by an operator; call before {@link #start()}. */
	public void pauseWith(PauseCheck pauses) {
		this.pauses = pauses;
	}

	/** The counters of the source named {@code name}, which its outcome writer and heartbeat count into. */
	public DeliveryCounters countersOf(String name) {
		return this.counters.computeIfAbsent(name, (key) -> new DeliveryCounters(key, this.observers));
	}

	/** The types whose poller died: started, yet no cycle running or scheduled. */
	public List<String> deadPollers() {
		return this.pollers.stream().filter((poller) -> !poller.isAlive()).map(PollLoop::name).toList();
	}

	/** Tells {@code observer} about every claim and row of every type from now on. */
	public void addObserver(DeliveryObserver observer) {
		this.observers.add(observer);
	}

	/** What this instance delivered per type since start. */
	public Map<String, DeliveryCounters> counters() {
		return Map.copyOf(this.counters);
	}

	@Override
	public synchronized void start() {
		if (!this.partsAdded) {
			this.partsAdded = true;
			this.parts.forEach((part) -> part.addTo(this));
		}
		if (this.scheduler != null || this.pollers.isEmpty()) {
			return;
		}
		this.startChecks.forEach(Runnable::run);
		ThreadPoolTaskScheduler taskScheduler = new ThreadPoolTaskScheduler();
		taskScheduler.setPoolSize(this.pollers.size());
		taskScheduler.setThreadNamePrefix("awty-poller-");
		taskScheduler.setClock(this.clock);
		taskScheduler.initialize();
		this.scheduler = taskScheduler;
		ScheduledExecutorService beats = heartbeatThreads(this.heartbeats.size());
		this.heartbeatThreads = beats;
		this.heartbeats.forEach((heartbeat) -> heartbeat.start(beats));
		this.pollers.forEach((poller) -> poller.start(taskScheduler));
		logger.info("awty: started " + this.pollers.size() + " delivery poller(s)");
	}

	@Override
	public synchronized void stop() {
		ThreadPoolTaskScheduler taskScheduler = this.scheduler;
		if (taskScheduler == null) {
			return;
		}
		this.pollers.forEach(PollLoop::stopClaiming);
		long deadline = System.nanoTime() + this.shutdownTimeout.toNanos();
		this.pollers.forEach((poller) -> poller.awaitIdle(deadline));
		this.heartbeats.forEach(LeaseHeartbeat::stop);
		if (this.heartbeatThreads != null) {
			this.heartbeatThreads.shutdownNow();
			this.heartbeatThreads = null;
		}
		taskScheduler.setWaitForTasksToCompleteOnShutdown(true);
		taskScheduler.setAwaitTerminationMillis(this.shutdownTimeout.toMillis());
		taskScheduler.shutdown();
		this.scheduler = null;
		logger.info("awty: stopped " + this.pollers.size() + " delivery poller(s)");
	}

	/**
	 * The threads the heartbeats of {@code sources} run on: one per source, apart from the pollers' and workers' (a
	 * poller thread may be busy claiming, and a worker busy publishing). A beat's statement waits on the row locks of
	 * the source's held rows, for up to a third of the lease when an application transaction holds one of them; on a
	 * thread shared by every source, a few such waits in a row would delay the other sources' beats until their leases
	 * ran out, and another instance would deliver their rows a second time. The threads idle between beats.
	 */
	public static ScheduledExecutorService heartbeatThreads(int sources) {
		AtomicInteger count = new AtomicInteger();
		ScheduledThreadPoolExecutor threads = new ScheduledThreadPoolExecutor(Math.max(1, sources), (task) -> {
			Thread thread = new Thread(task, "awty-heartbeat-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		threads.setRemoveOnCancelPolicy(true);
		return threads;
	}

	/**
	 * Releases the handlers' and writers' threads once the pollers are stopped for good, within one shutdown timeout
	 * for all sources: one after another, each with a wait of its own, a slow database made it one wait per type.
	 */
	@Override
	public synchronized void close() {
		stop();
		long deadline = System.nanoTime() + this.shutdownTimeout.toNanos();
		this.shutdowns.forEach((shutdown) -> shutdown.accept(deadline));
	}

	@Override
	public synchronized boolean isRunning() {
		return this.scheduler != null;
	}

	@Override
	public int getPhase() {
		return LifecyclePhases.POLLERS;
	}

}
