package dev.awty.benchmarks.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.zaxxer.hikari.HikariDataSource;

import dev.awty.ClaimMode;
import dev.awty.EventScheduler;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.awty.BenchEvent;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance.Setup;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Results;

/**
 * awty or db-scheduler running in this JVM: one or more instances, the first of which also schedules the
 * load, as an application would.
 */
final class SystemUnderTest implements AutoCloseable {

	private final String system;

	private final Options options;

	private final AutoCloseable running;

	private final Scheduling scheduling;

	private final List<DataSource> pools;

	/** Schedules event {@code seq} due at {@code dueAt} in a transaction of its own. */
	interface Scheduling {

		void schedule(long seq, Instant dueAt);

	}

	private SystemUnderTest(String system, Options options, AutoCloseable running, Scheduling scheduling,
			List<DataSource> pools) {
		this.system = system;
		this.options = options;
		this.running = running;
		this.scheduling = scheduling;
		this.pools = pools;
	}

	/**
	 * @param producerApart whether the load is scheduled by an instance of its own that delivers nothing (one
	 * more awty instance with its pollers stopped; a db-scheduler client), so that the {@code instances}
	 * replicas take the rows on equal terms
	 */
	static SystemUnderTest start(String system, BenchDatabase database, int instances, boolean producerApart,
			Receiver receiver) {
		if (system.equals(Results.AWTY)) {
			int count = producerApart ? instances + 1 : instances;
			AwtyInstances awty = AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, count, receiver,
					instanceIdPrefix(database.options()), awtyProperties(database.options()));
			if (producerApart) {
				awty.stopDelivery(0);
			}
			EventScheduler scheduler = awty.scheduler();
			List<DataSource> pools = new ArrayList<>();
			for (int i = producerApart ? 1 : 0; i < count; i++) {
				pools.add(awty.dataSource(i));
			}
			return new SystemUnderTest(system, database.options(), awty,
					(seq, due) -> scheduler.schedule(new BenchEvent(seq), due), pools);
		}
		List<DbSchedulerInstance> started = new ArrayList<>();
		try {
			for (int i = 1; i <= instances; i++) {
				started.add(DbSchedulerInstance.start(database, Setup.TUNED, receiver,
						dbSchedulerName(database.options(), String.valueOf(i)), database.options().lease()));
			}
		}
		catch (RuntimeException ex) {
			started.forEach(DbSchedulerInstance::close);
			throw ex;
		}
		List<DataSource> pools = started.stream().map((instance) -> (DataSource) instance.pool()).toList();
		if (producerApart) {
			HikariDataSource producerPool = database.pool(dbSchedulerName(database.options(), "producer"),
					database.options().poolSize());
			SchedulerClient client = DbSchedulerInstance.client(producerPool);
			return new SystemUnderTest(system, database.options(), () -> {
				started.forEach(DbSchedulerInstance::close);
				producerPool.close();
			}, (seq, due) -> client.schedule(DbSchedulerInstance.instance(seq), due), pools);
		}
		DbSchedulerInstance first = started.get(0);
		return new SystemUnderTest(system, database.options(), () -> started.forEach(DbSchedulerInstance::close),
				first::schedule, pools);
	}

	/**
	 * awty's instance ids in this run: {@code chaos-<schema>-} and a number; its connections are named
	 * {@code awty-} and the id, so that terminating them never hits another run's or another test's.
	 */
	static String instanceIdPrefix(Options options) {
		return "chaos-" + options.schema() + "-";
	}

	static String dbSchedulerName(Options options, String suffix) {
		return "db-scheduler-chaos-" + options.schema() + "-" + suffix;
	}

	/**
	 * awty's lease set to {@code --lease} (the send timeout a quarter of it, as awty requires it shorter), and
	 * a short shutdown wait, the same in this JVM and in a child.
	 */
	static Map<String, Object> awtyProperties(Options options) {
		Duration lease = options.lease();
		return Map.of("awty.claim.lease", lease.toMillis() + "ms", "awty.poller.send-timeout",
				lease.dividedBy(4).toMillis() + "ms", "awty.poller.shutdown-timeout", "5s");
	}

	/** The {@code ApplicationName} prefix of this system's connections in {@code pg_stat_activity}. */
	String applicationNamePrefix() {
		return this.system.equals(Results.AWTY) ? "awty-" + instanceIdPrefix(this.options)
				: dbSchedulerName(this.options, "");
	}

	/** The table this system's rows live in while due. */
	String hotTable() {
		return this.system.equals(Results.AWTY) ? BenchDatabase.AWTY : "scheduled_tasks";
	}

	/** Whether a row for {@code seq} exists: a producer whose commit failed ambiguously checks before retrying. */
	String existsQuery(long seq) {
		return this.system.equals(Results.AWTY) ? "SELECT count(*) FROM " + BenchDatabase.AWTY + " WHERE seq = " + seq
				: "SELECT count(*) FROM scheduled_tasks WHERE task_name = '" + DbSchedulerInstance.TASK
						+ "' AND task_instance = '" + seq + "'";
	}

	/**
	 * How many of this run's rows are not finished yet: awty's not {@code DELIVERED}, db-scheduler's still in
	 * its table (it deletes a one-time execution once it completed).
	 */
	String unfinishedQuery() {
		return this.system.equals(Results.AWTY)
				? "SELECT count(*) FROM " + BenchDatabase.AWTY + " WHERE seq >= 0 AND status <> 'DELIVERED'"
				: "SELECT count(*) FROM scheduled_tasks WHERE task_instance NOT LIKE 'b%'";
	}

	/**
	 * How many rows the replicas the kill scenarios start (ids {@code …replica…}, {@code …child…}) last claimed
	 * (awty; its {@code claimed_by} stays on a delivered row), to tell that they took part; db-scheduler deletes
	 * its executions, so nothing is left to count: -1.
	 */
	String claimedByReplicasQuery() {
		String prefix = instanceIdPrefix(this.options);
		return this.system.equals(Results.AWTY) ? "SELECT count(*) FROM " + BenchDatabase.AWTY + " WHERE claimed_by LIKE '"
				+ prefix + "replica%' OR claimed_by LIKE '" + prefix + "child%'" : "SELECT -1";
	}

	Scheduling scheduling() {
		return this.scheduling;
	}

	List<DataSource> pools() {
		return this.pools;
	}

	String system() {
		return this.system;
	}

	@Override
	public void close() throws Exception {
		this.running.close();
	}

}
