package dev.awty.internal.delivery;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import org.springframework.context.SmartLifecycle;

/**
 * Listens on PostgreSQL for rows that other instances scheduled to be due soon, and wakes the local poller
 * of their type. It holds one connection of the pool while running; when that connection breaks it logs,
 * waits and listens again, and polling covers the gap.
 */
public final class DueNotificationListener implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(DueNotificationListener.class);

	private static final int WAIT_MILLIS = 500;

	private final DataSource dataSource;

	private final @Nullable String listenStatement;

	private final WakeUps wakeUps;

	private volatile boolean running;

	private @Nullable Thread thread;

	/**
	 * @param listenStatement the dialect's {@code LISTEN} statement; {@code null} leaves the listener idle
	 */
	public DueNotificationListener(DataSource dataSource, @Nullable String listenStatement, WakeUps wakeUps) {
		this.dataSource = dataSource;
		this.listenStatement = listenStatement;
		this.wakeUps = wakeUps;
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
			try {
				listener.join(2L * WAIT_MILLIS);
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
		int failures = 0;
		while (this.running) {
			try (Connection connection = this.dataSource.getConnection()) {
				// LISTEN takes effect on commit: a pool without auto-commit would leave it pending forever.
				connection.setAutoCommit(true);
				try (Statement statement = connection.createStatement()) {
					statement.execute(this.listenStatement);
				}
				logger.info((failures > 0) ? "awty: listening for due rows of other instances again"
						: "awty: listening for due rows scheduled by other instances");
				failures = 0;
				PGConnection postgres = connection.unwrap(PGConnection.class);
				while (this.running) {
					PGNotification[] notifications = postgres.getNotifications(WAIT_MILLIS);
					if (notifications != null) {
						for (PGNotification notification : notifications) {
							dispatch(notification.getParameter());
						}
					}
				}
			}
			catch (SQLException | RuntimeException ex) {
				failures++;
				if (this.running) {
					logger.warn("awty: lost the LISTEN connection (" + ex.getMessage() + "); listening again shortly,"
							+ " polling meanwhile");
					pause(Math.min(30_000L, 500L << Math.min(failures, 6)));
				}
			}
		}
	}

	private void dispatch(String payload) {
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
