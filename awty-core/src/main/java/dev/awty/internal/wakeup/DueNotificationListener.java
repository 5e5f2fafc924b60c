package dev.awty.internal.wakeup;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;

import dev.awty.internal.support.LifecyclePhases;

/**
 * Listens on PostgreSQL for rows that other instances scheduled to be due soon, and wakes the local poller
 * of their type. It holds one connection of the pool while running ({@link ListenConnection}) and checks it
 * periodically with a {@link ListenProbe} round trip: when the connection breaks or stops receiving (half-open TCP)
 * it listens again on a new one. A connection through a pooler does not LISTEN at all, and any other is first checked
 * by a probe on a channel of its own (see {@link ListenProbe}). When it cannot listen (PgBouncer), it logs
 * that once, leaves finding other instances' rows to polling, stops this instance's NOTIFY (see
 * {@link WakeUps#notifiesOtherInstances()}), and checks again now and then. Polling covers every gap.
 */
public final class DueNotificationListener implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(DueNotificationListener.class);

	private static final Duration PROBE_INTERVAL = Duration.ofSeconds(30);

	private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

	/** How many probe intervals pass before a listener that fell back to polling tries LISTEN again. */
	private static final int FALLBACK_PROBES = 10;

	private final DataSource dataSource;

	private final @Nullable String listenStatement;

	private final WakeUps wakeUps;

	private final long probeIntervalMillis;

	private final long probeTimeoutMillis;

	private volatile boolean running;

	private volatile boolean receiving;

	private boolean fellBack;

	private @Nullable Thread thread;

	/**
	 * @param listenStatement the dialect's {@code LISTEN} statement; {@code null} leaves the listener idle
	 */
	public DueNotificationListener(DataSource dataSource, @Nullable String listenStatement, WakeUps wakeUps) {
		this(dataSource, listenStatement, wakeUps, PROBE_INTERVAL, PROBE_TIMEOUT);
	}

	DueNotificationListener(DataSource dataSource, @Nullable String listenStatement, WakeUps wakeUps,
			Duration probeInterval, Duration probeTimeout) {
		this.dataSource = dataSource;
		this.listenStatement = listenStatement;
		this.wakeUps = wakeUps;
		this.probeIntervalMillis = probeInterval.toMillis();
		this.probeTimeoutMillis = probeTimeout.toMillis();
	}

	/** Whether the last probe came back: other instances' rows wake this one's pollers, not only polling. */
	public boolean receivesNotifications() {
		return this.receiving;
	}

	@Override
	public synchronized void start() {
		if (this.running || this.listenStatement == null) {
			return;
		}
		this.running = true;
		Thread listener = new Thread(this::listen, "awty-due-listener");
		listener.setDaemon(true);
		listener.start();
		this.thread = listener;
	}

	@Override
	public synchronized void stop() {
		this.running = false;
		Thread listener = this.thread;
		if (listener != null) {
			// Ends a pause between attempts; a blocking read ends within WAIT_MILLIS or the probe timeout.
			listener.interrupt();
			try {
				listener.join(2L * ListenConnection.WAIT_MILLIS + this.probeTimeoutMillis);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		this.thread = null;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return LifecyclePhases.POLLERS;
	}

	private void listen() {
		String listen = Objects.requireNonNull(this.listenStatement);
		String channel = listen.replaceFirst("(?i)^\\s*LISTEN\\s+", "").strip();
		ListenProbe probe = new ListenProbe(this.dataSource, channel, this.probeTimeoutMillis);
		int failures = 0;
		while (this.running) {
			try (Connection connection = this.dataSource.getConnection()) {
				try {
					failures = listenOn(connection, listen, channel, probe, failures);
				}
				finally {
					ListenConnection.unsubscribe(connection, channel);
				}
			}
			catch (SQLException | RuntimeException ex) {
				this.receiving = false;
				failures++;
				if (this.running) {
					logger.warn("awty: lost the LISTEN connection (" + ex.getMessage() + "); listening again shortly,"
							+ " polling meanwhile");
					pause(Math.min(30_000L, 500L << Math.min(failures, 6)));
				}
			}
		}
		this.receiving = false;
	}

	/**
	 * Listens on {@code connection} until stopped, until it stops receiving, or, when notifications do not arrive at
	 * all, until the pause before the next try ends.
	 * @param failures how many connections in a row failed before this one
	 * @return how many connections in a row failed, this one included
	 */
	private int listenOn(Connection connection, String listen, String channel, ListenProbe probe, int failures)
			throws SQLException {
		boolean pooler = ListenProbe.throughPooler(connection);
		if (pooler || !probe.listensOnItsOwnSession(connection)) {
			fallBack(pooler);
			// Released before the pause: a pool connection is not held for nothing meanwhile.
			connection.close();
			pause(this.probeIntervalMillis * FALLBACK_PROBES);
			return failures;
		}
		ListenConnection listening = ListenConnection.subscribe(connection, listen, probe, this.wakeUps,
				this.probeIntervalMillis, this.probeTimeoutMillis);
		this.receiving = true;
		this.wakeUps.otherInstancesListen(true);
		logger.info((failures > 0 || this.fellBack) ? "awty: listening for due rows of other instances again"
				: "awty: listening for due rows scheduled by other instances");
		this.fellBack = false;
		if (listening.receive(() -> this.running)) {
			return 0;
		}
		// Listen again at once, and say so when it works.
		this.receiving = false;
		return 1;
	}

	private void fallBack(boolean pooler) {
		this.receiving = false;
		this.wakeUps.otherInstancesListen(false);
		if (!this.fellBack) {
			this.fellBack = true;
			String what = pooler ? "awty: LISTEN/NOTIFY is not used on this database connection: it reaches PostgreSQL "
					+ "through a connection pooler (the server process differs from the one the connection announced, "
					+ "as behind PgBouncer), where a LISTEN could stay on a pooled server connection"
					: "awty: LISTEN/NOTIFY does not deliver notifications on this database connection (a probe sent "
							+ "with NOTIFY did not come back within " + this.probeTimeoutMillis
							+ " ms, as behind PgBouncer in transaction pooling mode)";
			logger.warn(what + "; rows scheduled by other instances are found by polling, and this instance sends no "
					+ "NOTIFY while it finds so. Set awty.poller.listen-notify=false to skip the check, or connect awty's "
					+ "DataSource to PostgreSQL directly for wake-ups without waiting for the next poll");
		}
	}

	private void pause(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.running = false;
		}
	}

}
