package dev.awty.benchmarks.chaos;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Faults made by other sessions on the same database: an idle transaction holding an XID, REPEATABLE READ
 * scans, and backends terminated.
 */
final class DatabaseFaults {

	private static final Log logger = LogFactory.getLog(DatabaseFaults.class);

	private static final String DEAD_TUPLES = """
			SELECT coalesce(n_dead_tup, 0) FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = ?
			""";

	private DatabaseFaults() {
	}

	/**
	 * A session that takes an XID and then sits idle in its transaction for the whole load, so the xmin
	 * horizon stays where it was and vacuum can remove none of the dead tuples the load leaves behind.
	 */
	static Fault idleInTransaction() {
		return new Fault() {

			private @Nullable Connection holder;

			private @Nullable Target target;

			@Override
			void start(Target target) {
				this.target = target;
				try {
					Connection connection = target.database().connect();
					connection.setAutoCommit(false);
					try (Statement statement = connection.createStatement();
							ResultSet rs = statement.executeQuery("SELECT txid_current()")) {
						rs.next();
						figure("xid held", rs.getLong(1));
					}
					this.holder = connection;
				}
				catch (SQLException ex) {
					throw new IllegalStateException("cannot open the idle transaction: " + ex.getMessage(), ex);
				}
			}

			@Override
			void endOfLoad() {
				super.endOfLoad();
				Target t = this.target;
				if (t != null) {
					// statistics are published by backends with a delay of up to half a second
					ChaosScenario.pause(Duration.ofMillis(700));
					figure("dead tuples at end of load", deadTuples(t));
				}
				close();
			}

			@Override
			public void close() {
				Connection connection = this.holder;
				this.holder = null;
				if (connection != null) {
					try (connection) {
						connection.rollback();
					}
					catch (SQLException ex) {
						logger.warn("closing the idle transaction failed: " + ex.getMessage());
					}
				}
			}

		};
	}

	/**
	 * {@code readers} sessions each running REPEATABLE READ transactions of about two seconds that scan the
	 * hot table again and again, every scan seeing the snapshot taken at its first.
	 */
	static Fault repeatableReadReaders(int readers) {
		return new Fault() {

			private final AtomicLong scans = new AtomicLong();

			@Override
			void start(Target target) {
				String scan = "SELECT count(*), min(" + dueColumn(target) + ") FROM " + target.sut().hotTable();
				Thread[] threads = new Thread[readers];
				for (int r = 0; r < readers; r++) {
					threads[r] = new Thread(() -> read(target, scan), "chaos-rr-reader-" + r);
					threads[r].setDaemon(true);
					threads[r].start();
				}
				onThread("chaos-rr-readers", () -> {
					for (Thread thread : threads) {
						try {
							thread.join();
						}
						catch (InterruptedException ex) {
							Thread.currentThread().interrupt();
							return;
						}
					}
					figure("repeatable read scans", this.scans.get());
				});
			}

			private void read(Target target, String scan) {
				while (!loadEnded()) {
					try (Connection connection = target.database().connect()) {
						connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
						connection.setAutoCommit(false);
						long end = System.nanoTime() + Duration.ofSeconds(2).toNanos();
						try (Statement statement = connection.createStatement()) {
							while (System.nanoTime() < end && !loadEnded()) {
								try (ResultSet rs = statement.executeQuery(scan)) {
									rs.next();
								}
								this.scans.incrementAndGet();
								ChaosScenario.pause(Duration.ofMillis(50));
							}
						}
						connection.commit();
					}
					catch (SQLException ex) {
						logger.info("repeatable read reader: " + ex.getMessage());
						ChaosScenario.pause(Duration.ofMillis(200));
					}
				}
			}

		};
	}

	/**
	 * {@code pg_terminate_backend} on every connection of the system under test (found by its
	 * {@code ApplicationName}, LISTEN connection included), every {@code every} from 20 % to 80 % of the load.
	 */
	static Fault terminateBackends(Duration every) {
		return new Fault() {

			@Override
			void start(Target target) {
				onThread("chaos-terminate", () -> {
					long terminated = 0;
					int rounds = 0;
					double step = (double) every.toNanos() / target.loadNanos();
					for (double at = 0.2; at <= 0.8 && awaitLoadFraction(target, at); at += step) {
						terminated += terminate(target);
						rounds++;
					}
					figure("terminations", rounds);
					figure("backends terminated", terminated);
					figure("LISTEN sessions after", listeners(target));
				});
			}

			private long terminate(Target target) {
				String sql = """
						SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
						WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE ?
						""";
				try (Connection connection = target.database().connect();
						PreparedStatement statement = connection.prepareStatement(sql)) {
					statement.setString(1, target.sut().applicationNamePrefix() + "%");
					try (ResultSet rs = statement.executeQuery()) {
						rs.next();
						long count = rs.getLong(1);
						logger.info("terminated " + count + " backend(s) of " + target.sut().system());
						return count;
					}
				}
				catch (SQLException ex) {
					logger.warn("pg_terminate_backend failed: " + ex.getMessage());
					return 0;
				}
			}

		};
	}

	static long deadTuples(Fault.Target target) {
		try (Connection connection = target.database().connect();
				PreparedStatement statement = connection.prepareStatement(DEAD_TUPLES)) {
			statement.setString(1, target.sut().hotTable());
			try (ResultSet rs = statement.executeQuery()) {
				return rs.next() ? rs.getLong(1) : 0;
			}
		}
		catch (SQLException ex) {
			logger.warn("reading dead tuples failed: " + ex.getMessage());
			return -1;
		}
	}

	/**
	 * The system's sessions that are listening (awty's {@code LISTEN} connection, one per instance; db-scheduler
	 * has none), found on whichever server is primary now.
	 */
	static long listeners(Fault.Target target) {
		String sql = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
				+ " AND application_name LIKE ? AND query ILIKE 'LISTEN%'";
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		long count = 0;
		// a listener that lost its connection comes back after a pause of its own: give it a few seconds
		while (System.nanoTime() < deadline) {
			try (Connection connection = target.database().connect();
					PreparedStatement statement = connection.prepareStatement(sql)) {
				statement.setString(1, target.sut().applicationNamePrefix() + "%");
				try (ResultSet rs = statement.executeQuery()) {
					rs.next();
					count = rs.getLong(1);
				}
			}
			catch (SQLException ex) {
				logger.info("counting listeners failed: " + ex.getMessage());
			}
			if (count >= target.sut().pools().size() || target.sut().hotTable().equals("scheduled_tasks")) {
				break;
			}
			ChaosScenario.pause(Duration.ofMillis(250));
		}
		return count;
	}

	private static String dueColumn(Fault.Target target) {
		return target.sut().hotTable().equals("scheduled_tasks") ? "execution_time" : "due_at";
	}

}
