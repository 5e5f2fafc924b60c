package dev.awty.internal.wakeup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
 * <p>
 * A connection through a pooler ({@link #throughPooler}) does not LISTEN at all: there the LISTEN would stay on a pooled
 * server connection that other clients then use. Any other connection, before it listens on awty's channel, is
 * checked by {@link #listensOnItsOwnSession} on a channel of its own, which it leaves again whatever the outcome.
 */
final class ListenProbe {

	/** Probe payloads hold no '|', so instances that do not know them ignore them as malformed. */
	static final String PAYLOAD_PREFIX = "probe:";

	private static final String NOTIFY = "SELECT pg_notify(?, ?)";

	// Channel names are identifiers: the probe's own channel is made of lower-case hex digits only.
	private static final String LISTEN = "LISTEN %s";

	private static final String UNLISTEN = "UNLISTEN %s";

	private static final String BACKEND_PID = "SELECT pg_backend_pid()";

	private static final String OWN_CHANNEL_PREFIX = "awty_probe_";

	/** How many transactions a failed check runs to find the server session its LISTEN stayed on again. */
	private static final int CLEAN_UP_ATTEMPTS = 20;

	private final DataSource dataSource;

	private final String channel;

	private final long timeoutMillis;

	ListenProbe(DataSource dataSource, String channel, long timeoutMillis) {
		this.dataSource = dataSource;
		this.channel = channel;
		this.timeoutMillis = timeoutMillis;
	}

	/**
	 * Whether {@code connection} reaches PostgreSQL through a connection pooler that may run its transactions on
	 * different server sessions: the server process running its statements is not the one the connection announced
	 * when it opened (PgBouncer announces a cancel key of its own). A LISTEN there could stay behind on a pooled server
	 * session that no UNLISTEN of this connection reaches, so none is tried. Ends the transaction it reads in.
	 */
	static boolean throughPooler(Connection connection) throws SQLException {
		int announced = connection.unwrap(PGConnection.class).getBackendPID();
		try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(BACKEND_PID)) {
			rs.next();
			return rs.getInt(1) != announced;
		}
		finally {
			if (!connection.getAutoCommit()) {
				connection.rollback();
			}
		}
	}

	/**
	 * Whether a LISTEN on {@code connection} holds on the connection's own server session: LISTENs on a channel of its
	 * own and sends a probe there. When the probe does not come back, the check UNLISTENs wherever its LISTEN ran if
	 * it can reach that server session again within a few transactions; a pooled session it cannot reach keeps a
	 * LISTEN on a channel that nobody notifies, until the pooler retires it ({@code server_lifetime}). Leaves
	 * {@code connection} in auto-commit.
	 */
	boolean listensOnItsOwnSession(Connection connection) throws SQLException {
		String channel = OWN_CHANNEL_PREFIX + UUID.randomUUID().toString().replace("-", "");
		connection.setAutoCommit(false);
		int listeningPid;
		try (Statement statement = connection.createStatement()) {
			// LISTEN takes effect at commit, on the server session of this transaction: the one whose pid it reads.
			statement.execute(LISTEN.formatted(channel));
			try (ResultSet rs = statement.executeQuery(BACKEND_PID)) {
				rs.next();
				listeningPid = rs.getInt(1);
			}
			connection.commit();
		}
		boolean received = roundTrip(connection.unwrap(PGConnection.class), channel, (payload) -> {
		});
		for (int attempt = 0; attempt < (received ? 1 : CLEAN_UP_ATTEMPTS); attempt++) {
			if (unlistenOn(connection, listeningPid, channel)) {
				break;
			}
		}
		connection.setAutoCommit(true);
		return received;
	}

	/** UNLISTENs {@code channel} in one transaction if that transaction runs on the server session {@code pid}. */
	private static boolean unlistenOn(Connection connection, int pid, String channel) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			boolean there;
			try (ResultSet rs = statement.executeQuery(BACKEND_PID)) {
				there = rs.next() && rs.getInt(1) == pid;
			}
			if (there) {
				statement.execute(UNLISTEN.formatted(channel));
			}
			connection.commit();
			return there;
		}
	}

	/**
	 * Sends a probe and waits for it on {@code listening}, passing every other notification to {@code others}.
	 * @return whether the probe came back within the timeout
	 */
	boolean roundTrip(PGConnection listening, Consumer<String> others) throws SQLException {
		return roundTrip(listening, this.channel, others);
	}

	private boolean roundTrip(PGConnection listening, String channel, Consumer<String> others) throws SQLException {
		String payload = PAYLOAD_PREFIX + UUID.randomUUID();
		send(channel, payload);
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

	private void send(String channel, String payload) throws SQLException {
		try (Connection connection = this.dataSource.getConnection()) {
			// A half-open connection of the pool would otherwise block this thread, and so the listener, for ever.
			int networkTimeout = connection.getNetworkTimeout();
			connection.setNetworkTimeout(Runnable::run, (int) Math.max(this.timeoutMillis, 1_000L));
			try (PreparedStatement statement = connection.prepareStatement(NOTIFY)) {
				statement.setString(1, channel);
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
