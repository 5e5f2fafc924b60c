package dev.awty.internal.delivery;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import net.javacrumbs.shedlock.core.LockProvider;

import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import dev.awty.ScheduledEntity;
import dev.awty.handler.EventHandler;
import dev.awty.internal.jdbc.CheckWrites;
import dev.awty.internal.jdbc.EventTable;
import dev.awty.internal.jdbc.Leases;
import dev.awty.spi.EventPublisher;

/**
 * Runs one poller per event type. Starts late and stops early in the lifecycle, so channels and the
 * DataSource are up while it delivers; stopping waits for batches in flight.
 */
public final class DeliveryPollers implements SmartLifecycle, AutoCloseable {

	private static final Log logger = LogFactory.getLog(DeliveryPollers.class);

	/** Later than Spring Integration endpoints, so consumers are subscribed before the first publish. */
	static final int PHASE = Integer.MAX_VALUE - 1000;

	private final List<DeliveryPoller<?>> pollers = new ArrayList<>();

	private final List<Runnable> startChecks = new ArrayList<>();

	private final List<Runnable> shutdowns = new ArrayList<>();

	private final List<LeaseHeartbeat<Long>> heartbeats = new ArrayList<>();

	private @Nullable ScheduledExecutorService heartbeatThread;

	private final Map<String, DeliveryCounters> counters = new ConcurrentHashMap<>();

	private final DeliveryObservers observers = new DeliveryObservers();

	private final Duration shutdownTimeout;

	private final WakeUps wakeUps;

	private final Clock clock;

	private @Nullable ThreadPoolTaskScheduler scheduler;

	public DeliveryPollers(Duration shutdownTimeout, WakeUps wakeUps, Clock clock) {
		this.shutdownTimeout = shutdownTimeout;
		this.wakeUps = wakeUps;
		this.clock = clock;
	}

	/**
	 * Adds the poller of one type; call before {@link #start()}.
	 * @param handler the type's handler, or {@code null} to publish every due row as it is
	 */
	public <T extends ScheduledEntity> void add(EventTable<T> table, TypeSettings settings, HandlingSettings handling,
			@Nullable EventHandler<T> handler, OutcomeStore store, EventPublisher publisher, LockProvider lockProvider,
			String instanceId) {
		String typeName = table.type().name();
		// Channels declared by @ServiceActivator exist only once all singletons are created, so check at start.
		this.startChecks.add(() -> publisher.verifyChannel(table.type().channel(), typeName));
		DeliveryCounters typeCounters = this.counters.computeIfAbsent(typeName, (name) -> new DeliveryCounters(name, this.observers));
		CheckWrites checks = new CheckWrites(table.type(), store.dialect(), store.dataSource(),
				table.claims().lastErrorLength());
		BatchWriter<T> writer = new BatchWriter<>(table.claims(), checks, store.log(), store.transaction(), settings,
				handling.history(), instanceId, typeCounters);
		HandlerStep<T> step = (handler != null) ? new HandlerStep<>(typeName, table.type().channel(), handler, checks,
				publisher, settings.lease(), handling, settings.concurrency()) : null;
		LeaseHeartbeat<Long> heartbeat = new LeaseHeartbeat<>("type '" + typeName + "'",
				new Leases(table.type().table(), store.dialect(), store.dataSource(), store.transaction()), Long.class,
				settings.lease(), typeCounters::lostLeases);
		this.heartbeats.add(heartbeat);
		BatchDelivery<T> delivery = new BatchDelivery<>(table.claims(), settings, publisher, instanceId, writer, step,
				typeCounters, heartbeat);
		this.shutdowns.add(delivery::shutdown);
		DeliveryPoller<T> poller = new DeliveryPoller<>(typeName, table.type().lockName(), delivery, settings, lockProvider,
				this.clock);
		this.pollers.add(poller);
		this.wakeUps.register(typeName, settings.pollInterval(), poller::wakeUpBy);
	}

	/** The types whose poller died: started, yet no cycle running or scheduled. */
	public List<String> deadPollers() {
		return this.pollers.stream().filter((poller) -> !poller.isAlive()).map(DeliveryPoller::typeName).toList();
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
		// A thread of its own: a poller thread may be busy claiming, and a worker busy publishing.
		ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "awty-heartbeat");
			thread.setDaemon(true);
			return thread;
		});
		this.heartbeatThread = beats;
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
		this.pollers.forEach(DeliveryPoller::stopClaiming);
		long deadline = System.nanoTime() + this.shutdownTimeout.toNanos();
		this.pollers.forEach((poller) -> poller.awaitIdle(deadline));
		this.heartbeats.forEach(LeaseHeartbeat::stop);
		if (this.heartbeatThread != null) {
			this.heartbeatThread.shutdownNow();
			this.heartbeatThread = null;
		}
		taskScheduler.setWaitForTasksToCompleteOnShutdown(true);
		taskScheduler.setAwaitTerminationMillis(this.shutdownTimeout.toMillis());
		taskScheduler.shutdown();
		this.scheduler = null;
		logger.info("awty: stopped " + this.pollers.size() + " delivery poller(s)");
	}

	/** Releases the handlers' threads once the pollers are stopped for good. */
	@Override
	public synchronized void close() {
		stop();
		this.shutdowns.forEach(Runnable::run);
	}

	@Override
	public synchronized boolean isRunning() {
		return this.scheduler != null;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}
