package dev.awty.internal.wakeup;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.function.BooleanSupplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * One connection that {@link DueNotificationListener} listens on: subscribed with {@code LISTEN}, it receives the due
 * notifications of other instances and wakes this instance's pollers, until stopped or until a {@link ListenProbe}
 * does not come back.
 */
final class ListenConnection {

	private static final Log logger = LogFactory.getLog(DueNotificationListener.class);

	/** The longest blocking read for notifications, and so the longest a stop waits for one. */
	static final int WAIT_MILLIS = 500;

	private final PGConnection postgres;

	private final ListenProbe probe;

	private final WakeUps wakeUps;

	private final long probeIntervalMillis;

	private final long probeTimeoutMillis;

	private ListenConnection(PGConnection postgres, ListenProbe probe, WakeUps wakeUps, long probeIntervalMillis,
			long probeTimeoutMillis) {
		this.postgres = postgres;
		this.probe = probe;
		this.wakeUps = wakeUps;
		this.probeIntervalMillis = probeIntervalMillis;
		this.probeTimeoutMillis = probeTimeoutMillis;
	}

	/** Runs {@code listen} on {@code connection}, which then receives notifications until it is closed. */
	static ListenConnection subscribe(Connection connection, String listen, ListenProbe probe, WakeUps wakeUps,
			long probeIntervalMillis, long probeTimeoutMillis) throws SQLException {
		// LISTEN takes effect on commit: a pool without auto-commit would leave it pending forever.
		connection.setAutoCommit(true);
		// Reads for notifications set their own timeouts; this one bounds the statements on a half-open link.
		connection.setNetworkTimeout(Runnable::run, (int) Math.max(probeTimeoutMillis, 1_000L) * 2);
		try (Statement statement = connection.createStatement()) {
			statement.execute(listen);
		}
		return new ListenConnection(connection.unwrap(PGConnection.class), probe, wakeUps, probeIntervalMillis,
				probeTimeoutMillis);
	}

	/**
	 * Ends the subscription of {@code connection} before it goes back to the pool: pools do not reset LISTEN, and a
	 * pooled connection left subscribed would queue every instance's notifications in the memory of whoever borrows
	 * it next. A connection that cannot unsubscribe is aborted, so that the pool discards it.
	 */
	static void unsubscribe(Connection connection, String channel) {
		try {
			if (connection.isClosed()) {
				return;
			}
			try (Statement statement = connection.createStatement()) {
				statement.execute("UNLISTEN " + channel);
			}
		}
		catch (SQLException ex) {
			try {
				connection.abort(Runnable::run);
			}
			catch (SQLException | RuntimeException abortFailed) {
				// Broken either way: the pool finds it so at its next check.
			}
		}
	}

	/** Whether a probe sent with NOTIFY comes back on this connection within the probe timeout. */
	boolean probe() throws SQLException {
		return this.probe.roundTrip(this.postgres, this::dispatch);
	}

	/**
	 * Receives until {@code running} turns false or until a probe does not come back.
	 * @return {@code false} if a probe did not come back
	 */
	boolean receive(BooleanSupplier running) throws SQLException {
		long nextProbe = System.nanoTime() + this.probeIntervalMillis * 1_000_000L;
		while (running.getAsBoolean()) {
			PGNotification[] notifications = this.postgres.getNotifications(WAIT_MILLIS);
			if (notifications != null) {
				for (PGNotification notification : notifications) {
					dispatch(notification.getParameter());
				}
			}
			if (running.getAsBoolean() && System.nanoTime() - nextProbe >= 0) {
				if (!probe()) {
					logger.warn("awty: the LISTEN connection stopped receiving notifications (a probe did not come back "
							+ "within " + this.probeTimeoutMillis + " ms); listening on a new connection, polling meanwhile");
					return false;
				}
				nextProbe = System.nanoTime() + this.probeIntervalMillis * 1_000_000L;
			}
		}
		return true;
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

}
