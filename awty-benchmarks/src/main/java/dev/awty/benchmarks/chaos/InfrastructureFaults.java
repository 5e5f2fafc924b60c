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

import com.zaxxer.hikari.HikariDataSource;

import dev.awty.ClaimMode;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance.Setup;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.report.Results;

/**
 * Faults of the infrastructure: a replica killed, PostgreSQL restarted or failed over, the pool exhausted
 * by the application.
 */
final class InfrastructureFaults {

	private static final Log logger = LogFactory.getLog(InfrastructureFaults.class);

	private InfrastructureFaults() {
	}

	/**
	 * A second replica in a child JVM, SIGKILLed {@code kills} times while it is delivering (two seconds after
	 * its first delivery, or ten after it started if none came), and started again at once each time; the
	 * last one keeps running until every event arrived.
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
						awaitWorking(started);
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

	/**
	 * A second replica in this JVM, stopped abruptly {@code kills} times three seconds after it started: its
	 * pool is closed first, which aborts its connections at once (its transactions roll back, its claims stay
	 * as they are, as a crash leaves them), then the rest of it is closed; started again at once each time,
	 * the last one keeps running until every event arrived. Cheaper than {@link #killReplica} where a JVM
	 * takes long to start, but not a true crash: a worker may still hand over rows it held before it stops.
	 */
	static Fault killContext(Options options, int kills) {
		return new Fault() {

			private volatile @Nullable AutoCloseable replica;

			@Override
			void start(Target target) {
				String system = target.sut().system();
				onThread("chaos-kill-context", () -> {
					int killed = 0;
					for (int round = 1; round <= kills + 1 && !loadEnded(); round++) {
						Replica started = Replica.start(target, round);
						this.replica = started::stop;
						if (round > kills) {
							break;
						}
						ChaosScenario.pause(Duration.ofSeconds(3));
						started.kill();
						killed++;
						logger.info("stopped replica " + round + " of " + system + " abruptly");
					}
					figure("kills", killed);
				});
			}

			@Override
			public void close() {
				AutoCloseable last = this.replica;
				if (last != null) {
					try {
						last.close();
					}
					catch (Exception ex) {
						logger.warn("stopping the last replica failed: " + ex.getMessage());
					}
				}
			}

		};
	}

	/** An extra in-process replica of the system under test. */
	private record Replica(HikariDataSource pool, AutoCloseable running) {

		static Replica start(Fault.Target target, int round) {
			BenchDatabase database = target.database();
			Options options = database.options();
			if (target.sut().system().equals(Results.AWTY)) {
				AwtyInstances awty = AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, target.receiver(),
						SystemUnderTest.instanceIdPrefix(options) + "replica" + round + "-",
						SystemUnderTest.awtyProperties(options));
				return new Replica((HikariDataSource) awty.dataSource(0), awty);
			}
			DbSchedulerInstance instance = DbSchedulerInstance.start(database, Setup.TUNED, target.receiver(),
					SystemUnderTest.dbSchedulerName(options, "replica" + round), options.lease());
			return new Replica(instance.pool(), instance);
		}

		void kill() {
			this.pool.close();
			stop();
		}

		void stop() {
			try {
				this.running.close();
			}
			catch (Exception ex) {
				logger.info("a killed replica's shutdown failed, as expected without its pool: " + ex.getMessage());
			}
		}

	}

	private static void awaitWorking(ChildInstance child) {
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (child.delivered() == 0 && System.nanoTime() < deadline) {
			ChaosScenario.pause(Duration.ofMillis(50));
		}
		ChaosScenario.pause(Duration.ofSeconds(2));
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
