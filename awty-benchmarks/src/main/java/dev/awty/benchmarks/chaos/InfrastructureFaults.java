package dev.awty.benchmarks.chaos;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.benchmarks.Options;

/**
 * Faults of the infrastructure: a replica killed, PostgreSQL restarted or failed over, the pool exhausted
 * by the application.
 */
final class InfrastructureFaults {

	private static final Log logger = LogFactory.getLog(InfrastructureFaults.class);

	private InfrastructureFaults() {
	}

	/**
	 * A second replica in a child JVM, SIGKILLed {@code kills} times once it has run two seconds after
	 * starting, and started again at once each time; the last one keeps running until every event arrived.
	 */
	static Fault killReplica(Options options, int kills) {
		return new Fault() {

			private volatile @Nullable ChildInstance child;

			@Override
			void start(Target target) {
				String system = target.sut().system();
				onThread("chaos-kill", () -> {
					int killed = 0;
					long slowestStart = 0;
					for (int round = 1; round <= kills + 1 && !loadEnded(); round++) {
						long start = System.nanoTime();
						ChildInstance started = ChildInstance.start(system, String.valueOf(round), options,
								target.receiver());
						this.child = started;
						if (!started.awaitReady(Duration.ofSeconds(120))) {
							logger.warn("child " + round + " of " + system + " did not start");
							break;
						}
						slowestStart = Math.max(slowestStart, System.nanoTime() - start);
						if (round > kills) {
							break;
						}
						ChaosScenario.pause(Duration.ofSeconds(2));
						started.kill();
						killed++;
						logger.info(String.format("killed child %d of %s (SIGKILL) after it delivered %,d", round, system,
								started.delivered()));
					}
					figure("kills", killed);
					figure("slowest child start s", slowestStart / 1e9);
				});
			}

			@Override
			public void close() {
				ChildInstance last = this.child;
				if (last != null) {
					last.kill();
				}
			}

		};
	}

	/** PostgreSQL restarted ({@code pg_ctl restart -m fast}) at 40 % of the load, on the private cluster. */
	static Fault restartPostgres() {
		return new Fault() {

			@Override
			void start(Target target) {
				PrivateCluster cluster = target.requirePrimary();
				onThread("chaos-restart", () -> {
					if (awaitLoadFraction(target, 0.4)) {
						long start = System.nanoTime();
						cluster.restart();
						figure("restart s", (System.nanoTime() - start) / 1e9);
						figure("LISTEN sessions after", DatabaseFaults.listeners(target));
						logger.info(String.format("PostgreSQL restarted in %.1f s", (System.nanoTime() - start) / 1e9));
					}
				});
			}

		};
	}

	/**
	 * At 40 % of the load the primary stops as in a crash ({@code pg_ctl stop -m immediate}) and its
	 * synchronous standby is promoted; the application follows through its multi-host URL.
	 */
	static Fault failover() {
		return new Fault() {

			@Override
			void start(Target target) {
				PrivateCluster primary = target.requirePrimary();
				PrivateCluster standby = target.standby();
				if (standby == null) {
					throw new IllegalStateException("failover needs a standby");
				}
				onThread("chaos-failover", () -> {
					if (awaitLoadFraction(target, 0.4)) {
						long start = System.nanoTime();
						primary.stop("immediate");
						standby.promote();
						figure("failover s", (System.nanoTime() - start) / 1e9);
						figure("LISTEN sessions after", DatabaseFaults.listeners(target));
						logger.info(String.format("primary on %d stopped, standby on %d promoted in %.1f s", primary.port(),
								standby.port(), (System.nanoTime() - start) / 1e9));
					}
				});
			}

		};
	}

	/**
	 * Application code taking every connection of each of the system's pools as they come free and holding
	 * them until {@code hold} has passed, at 30 % and again at 60 % of the load.
	 */
	static Fault exhaustPool(Duration hold) {
		return new Fault() {

			@Override
			void start(Target target) {
				onThread("chaos-pool", () -> {
					int most = 0;
					for (double at : new double[] { 0.3, 0.6 }) {
						if (!awaitLoadFraction(target, at)) {
							break;
						}
						most = Math.max(most, holdAll(target, hold));
					}
					figure("connections held", most);
				});
			}

		};
	}

	/**
	 * Takes connections from every pool until each is empty, holds them until {@code hold} has passed, and
	 * returns how many were held at most. A taker still waiting for one then closes what it gets at once.
	 */
	private static int holdAll(Fault.Target target, Duration hold) {
		long end = System.nanoTime() + hold.toNanos();
		int size = target.database().options().poolSize();
		List<Connection> held = new ArrayList<>();
		List<Thread> takers = new ArrayList<>();
		for (DataSource pool : target.sut().pools()) {
			Thread taker = new Thread(() -> {
				for (int n = 0; n < size && System.nanoTime() < end; n++) {
					try {
						Connection connection = pool.getConnection();
						synchronized (held) {
							if (System.nanoTime() >= end) {
								close(connection);
								return;
							}
							held.add(connection);
						}
					}
					catch (SQLException ex) {
						return;
					}
				}
			}, "chaos-pool-taker");
			taker.setDaemon(true);
			taker.start();
			takers.add(taker);
		}
		int most = 0;
		while (System.nanoTime() < end) {
			ChaosScenario.pause(Duration.ofMillis(50));
			synchronized (held) {
				most = Math.max(most, held.size());
			}
		}
		synchronized (held) {
			logger.info("held " + most + " connection(s) of " + target.sut().system() + " for " + hold.toSeconds()
					+ " s; releasing them");
			held.forEach(InfrastructureFaults::close);
			held.clear();
		}
		return most;
	}

	private static void close(Connection connection) {
		try {
			connection.close();
		}
		catch (SQLException ex) {
			logger.debug("closing a held connection: " + ex.getMessage());
		}
	}

}
