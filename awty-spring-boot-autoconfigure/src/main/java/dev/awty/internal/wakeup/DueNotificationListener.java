package dev.awty.internal.wakeup;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import org.springframework.context.SmartLifecycle;
import dev.awty.internal.pipeline.DeliveryPollers;

/**
 * Listens on PostgreSQL for rows that other instances scheduled to be due soon, and wakes the local poller
 * of their type. It holds one connection of the pool while running and checks it periodically with a
 * {@link ListenProbe} round trip: when the connection breaks or stops receiving (half-open TCP) it listens again on
 * a new one. When notifications never arrive even on a new connection (PgBouncer in transaction pooling mode), it
 * logs that once, leaves finding other instances' rows to polling, and checks again now and then. Polling covers
 * every gap.
 */
public final class DueNotificationListener implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(DueNotificationListener.class);

	private static final int WAIT_MILLIS = 500;

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
				listener.join(2L * WAIT_MILLIS + this.probeTimeoutMillis);
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
		return DeliveryPollers.PHASE;
	}

	private void listen() {
		String listen = Objects.requireNonNull(this.listenStatement);
		ListenProbe probe = new ListenProbe(this.dataSource, listen.replaceFirst("(?i)^\\s*LISTEN\\s+", "").strip(),
				this.probeTimeoutMillis);
		int failures = 0;
		while (this.running) {
			try (Connection connection = this.dataSource.getConnection()) {
				// LISTEN takes effect on commit: a pool without auto-commit would leave it pending forever.
				connection.setAutoCommit(true);
				// Reads for notifications set their own timeouts; this one bounds the statements on a half-open link.
				connection.setNetworkTimeout(Runnable::run, (int) Math.max(this.probeTimeoutMillis, 1_000L) * 2);
				try (Statement statement = connection.createStatement()) {
					statement.execute(listen);
				}
				PGConnection postgres = connection.unwrap(PGConnection.class);
				if (!probe.roundTrip(postgres, this::dispatch)) {
					fallBack();
					// Released before the pause: a pool connection is not held for nothing meanwhile.
					connection.close();
					pause(this.probeIntervalMillis * FALLBACK_PROBES);
					continue;
				}
				this.receiving = true;
				logger.info((failures > 0 || this.fellBack) ? "awty: listening for due rows of other instances again"
						: "awty: listening for due rows scheduled by other instances");
				failures = 0;
				this.fellBack = false;
				if (!receive(postgres, probe)) {
					// Listen again at once, and say so when it works.
					failures = 1;
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
	 * Receives until stopped or until a probe does not come back.
	 * @return {@code false} if a probe did not come back
	 */
	private boolean receive(PGConnection postgres, ListenProbe probe) throws SQLException {
		long nextProbe = System.nanoTime() + this.probeIntervalMillis * 1_000_000L;
		while (this.running) {
			PGNotification[] notifications = postgres.getNotifications(WAIT_MILLIS);
			if (notifications != null) {
				for (PGNotification notification : notifications) {
					dispatch(notification.getParameter());
				}
			}
			if (this.running && System.nanoTime() - nextProbe >= 0) {
				if (!probe.roundTrip(postgres, this::dispatch)) {
					this.receiving = false;
					logger.warn("awty: the LISTEN connection stopped receiving notifications (a probe did not come back "
							+ "within " + this.probeTimeoutMillis + " ms); listening on a new connection, polling meanwhile");
					return false;
				}
				nextProbe = System.nanoTime() + this.probeIntervalMillis * 1_000_000L;
			}
		}
		return true;
	}

	private void fallBack() {
		this.receiving = false;
		if (!this.fellBack) {
			this.fellBack = true;
			logger.warn("awty: LISTEN/NOTIFY does not deliver notifications on this database connection (a probe "
					+ "sent with NOTIFY did not come back within " + this.probeTimeoutMillis + " ms, as behind "
					+ "PgBouncer in transaction pooling mode); rows scheduled by other instances are found by polling. "
					+ "Set awty.poller.listen-notify=false to skip the check");
		}
	}

	private void dispatch(String payload) {
		if (payload.startsWith(ListenProbe.PAYLOAD_PREFIX)) {
			return;
		}
		int separator = payload.lastIndexOf('|');
		if (separator > 0) {
			try {
				// The payload carries the due time cut to whole milliseconds; waking before the exact due time
				// would find nothing yet, and nothing re-checks after another instance's wake-up.
				Instant dueAt = Instant.ofEpochMilli(Long.parseLong(payload.substring(separator + 1)) + 1);
				this.wakeUps.wakeNow(payload.substring(0, separator), dueAt);
			}
			catch (NumberFormatException ex) {
				logger.debug("awty: ignoring malformed due notification '" + payload + "'");
			}
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
