package dev.awty.internal.wakeup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Consumer;

import javax.sql.DataSource;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Checks that a LISTEN connection still receives notifications: sends one with NOTIFY through another connection
 * of the pool and waits for it to come back. A half-open connection, and a LISTEN behind PgBouncer in transaction
 * pooling mode (where it ran on a server connection that the next transaction no longer uses), fail this check
 * while every query still works.
 */
final class ListenProbe {

	/** Probe payloads hold no '|', so instances that do not know them ignore them as malformed. */
	static final String PAYLOAD_PREFIX = "probe:";

	private static final String NOTIFY = "SELECT pg_notify(?, ?)";

	private final DataSource dataSource;

	private final String channel;

	private final long timeoutMillis;

	ListenProbe(DataSource dataSource, String channel, long timeoutMillis) {
		this.dataSource = dataSource;
		this.channel = channel;
		this.timeoutMillis = timeoutMillis;
	}

	/**
	 * Sends a probe and waits for it on {@code listening}, passing every other notification to {@code others}.
	 * @return whether the probe came back within the timeout
	 */
	boolean roundTrip(PGConnection listening, Consumer<String> others) throws SQLException {
		String payload = PAYLOAD_PREFIX + UUID.randomUUID();
		send(payload);
		long deadline = System.nanoTime() + this.timeoutMillis * 1_000_000L;
		long remaining;
		boolean seen = false;
		while (!seen && (remaining = (deadline - System.nanoTime()) / 1_000_000L) > 0) {
			PGNotification[] notifications = listening.getNotifications((int) Math.min(remaining, Integer.MAX_VALUE));
			if (notifications != null) {
				for (PGNotification notification : notifications) {
					if (payload.equals(notification.getParameter())) {
						seen = true;
					}
					else {
						others.accept(notification.getParameter());
					}
				}
			}
		}
		return seen;
	}

	private void send(String payload) throws SQLException {
		try (Connection connection = this.dataSource.getConnection()) {
			// A half-open connection of the pool would otherwise block this thread, and so the listener, for ever.
			int networkTimeout = connection.getNetworkTimeout();
			connection.setNetworkTimeout(Runnable::run, (int) Math.max(this.timeoutMillis, 1_000L));
			try (PreparedStatement statement = connection.prepareStatement(NOTIFY)) {
				statement.setString(1, this.channel);
				statement.setString(2, payload);
				statement.execute();
				// NOTIFY is sent on commit, and a pool may hand out connections without auto-commit.
				if (!connection.getAutoCommit()) {
					connection.commit();
				}
			}
			finally {
				connection.setNetworkTimeout(Runnable::run, networkTimeout);
			}
		}
	}

}
