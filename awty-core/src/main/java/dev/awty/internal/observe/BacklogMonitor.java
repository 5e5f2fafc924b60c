package dev.awty.internal.observe;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;
import org.springframework.core.NestedExceptionUtils;

import dev.awty.internal.model.EventType;
import dev.awty.spi.SqlDialect;

/**
 * Keeps every type's {@link Backlog}, read by one background thread at most once per refresh interval, so
 * that gauges, health checks and scrapes read memory instead of running queries of their own. A failed
 * refresh is logged once and keeps the last figures, with the error, until a refresh succeeds.
 */
public final class BacklogMonitor implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(BacklogMonitor.class);

	/**
	 * How old the figures read on request ({@link #recent()}) may be: dashboard pages polling every few seconds and
	 * actuator calls then share one count instead of each counting every table.
	 */
	public static final Duration MAX_AGE = Duration.ofSeconds(2);

	private final List<BacklogReader> queries = new ArrayList<>();

	private final Duration refresh;

	private final long maxAgeNanos;

	private volatile Map<String, Backlog> current = Map.of();

	private volatile long refreshedAt;

	private volatile boolean refreshed;

	private volatile @Nullable String error;

	private @Nullable ScheduledExecutorService executor;

	public BacklogMonitor(Duration refresh) {
		this(refresh, MAX_AGE);
	}

	BacklogMonitor(Duration refresh, Duration maxAge) {
		this.refresh = refresh;
		this.maxAgeNanos = maxAge.toNanos();
	}

	/** Adds a type; call before {@link #start()}. */
	public void add(EventType<?> type, boolean keepsDelivered, SqlDialect dialect, DataSource dataSource) {
		this.queries.add(new BacklogQuery(type, keepsDelivered, dialect, dataSource));
	}

	/** Adds the recurring schedules as the source {@code name}; call before {@link #start()}. */
	public void addRecurring(String name, SqlDialect dialect, DataSource dataSource) {
		this.queries.add(new ScheduleBacklogQuery(name, dialect, dataSource));
	}

	/** The figures of the last refresh, by type name; empty before the first one. */
	public Map<String, Backlog> current() {
		return this.current;
	}

	/**
	 * Why the last refresh failed, for readers of health and the dashboard (the database's own text is logged), or
	 * {@code null} if it succeeded.
	 */
	public @Nullable String error() {
		return this.error;
	}

	/**
	 * The figures of a refresh that started at most {@link #MAX_AGE} ago, reading every type now if there is none.
	 * Callers arriving while one reads wait for it and share its figures.
	 */
	public Map<String, Backlog> recent() {
		if (fresh()) {
			return this.current;
		}
		synchronized (this) {
			return fresh() ? this.current : refreshNow();
		}
	}

	private boolean fresh() {
		return this.refreshed && System.nanoTime() - this.refreshedAt < this.maxAgeNanos;
	}

	/** Reads every type now, e.g. right after an operator changed rows. */
	public synchronized Map<String, Backlog> refreshNow() {
		Map<String, Backlog> read = new LinkedHashMap<>();
		long startedAt = System.nanoTime();
		try {
			for (BacklogReader query : this.queries) {
				read.put(query.type(), query.read());
			}
			if (this.error != null) {
				logger.info("awty: reading the backlog works again");
			}
			this.error = null;
			this.current = Map.copyOf(read);
			this.refreshedAt = startedAt;
			this.refreshed = true;
		}
		catch (RuntimeException ex) {
			if (this.error == null) {
				logger.warn("awty: could not read the backlog of the scheduled tables (" + ex.getMessage()
						+ "); metrics and health keep the last figures until it works again");
			}
			// Health and the dashboard show this to readers: the database's text, with its SQL, goes to the log only.
			this.error = "reading the backlog failed ("
					+ NestedExceptionUtils.getMostSpecificCause(ex).getClass().getSimpleName()
					+ "); the server log has the database's message";
		}
		return this.current;
	}

	@Override
	public synchronized void start() {
		if (this.executor != null) {
			return;
		}
		ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "awty-backlog");
			thread.setDaemon(true);
			return thread;
		});
		scheduler.scheduleWithFixedDelay(this::refreshNow, 0, this.refresh.toMillis(), TimeUnit.MILLISECONDS);
		this.executor = scheduler;
	}

	@Override
	public synchronized void stop() {
		if (this.executor != null) {
			this.executor.shutdownNow();
			this.executor = null;
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

}
