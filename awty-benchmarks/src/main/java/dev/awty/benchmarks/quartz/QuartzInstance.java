package dev.awty.benchmarks.quartz;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

import com.zaxxer.hikari.HikariDataSource;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.ConnectionProvider;
import org.quartz.utils.DBConnectionManager;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;

/**
 * One Quartz scheduler in a cluster: the JDBC job store ({@code JobStoreTX} with PostgreSQL's delegate,
 * {@code isClustered}) on a pool of the benchmark's size and a thread pool of the benchmark's threads, acquiring
 * triggers in batches of up to one per thread under the cluster's row lock. Every trigger fires a job of its own
 * (class {@link BenchJob}); the trigger's name says which row or schedule fired.
 */
public final class QuartzInstance implements AutoCloseable {

	/** The scheduler name and the group of every job and trigger ({@code sched_name}, {@code job_group} ...). */
	public static final String JOB = "bench";

	private static final AtomicInteger instances = new AtomicInteger();

	private final HikariDataSource pool;

	private final Scheduler scheduler;

	private QuartzInstance(HikariDataSource pool, Scheduler scheduler) {
		this.pool = pool;
		this.scheduler = scheduler;
	}

	/** Starts an instance whose triggers are named by the sequence number the {@link Receiver} counts. */
	public static QuartzInstance start(BenchDatabase database, Receiver receiver) {
		return start(database, (trigger, at) -> receiver.receive(Long.parseLong(trigger), at));
	}

	/** Starts an instance that hands each firing's trigger name and scheduled time to {@code fired}. */
	public static QuartzInstance start(BenchDatabase database, BiConsumer<String, Instant> fired) {
		Options options = database.options();
		HikariDataSource pool = database.pool("quartz", options.poolSize());
		// Quartz looks its data source up by name; a provider registered under a fresh name hands it the pool.
		String dataSource = "bench-" + instances.incrementAndGet();
		DBConnectionManager.getInstance().addConnectionProvider(dataSource, new PoolProvider(pool));
		try {
			Scheduler scheduler = new StdSchedulerFactory(properties(options, dataSource)).getScheduler();
			scheduler.setJobFactory((bundle, owner) -> (context) -> fired
				.accept(context.getTrigger().getKey().getName(), context.getScheduledFireTime().toInstant()));
			scheduler.start();
			return new QuartzInstance(pool, scheduler);
		}
		catch (SchedulerException ex) {
			pool.close();
			throw new IllegalStateException("Quartz did not start: " + ex.getMessage(), ex);
		}
	}

	private static Properties properties(Options options, String dataSource) {
		Properties properties = new Properties();
		properties.setProperty("org.quartz.scheduler.instanceName", JOB);
		properties.setProperty("org.quartz.scheduler.instanceId", "AUTO");
		properties.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
		// Quartz refuses an idle wait under a second.
		properties.setProperty("org.quartz.scheduler.idleWaitTime",
				Long.toString(Math.max(1000, options.pollInterval().toMillis())));
		properties.setProperty("org.quartz.scheduler.batchTriggerAcquisitionMaxCount",
				Integer.toString(options.threads()));
		properties.setProperty("org.quartz.threadPool.threadCount", Integer.toString(options.threads()));
		properties.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
		properties.setProperty("org.quartz.jobStore.driverDelegateClass",
				"org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
		properties.setProperty("org.quartz.jobStore.dataSource", dataSource);
		properties.setProperty("org.quartz.jobStore.isClustered", "true");
		// Batches of triggers are acquired under the cluster's lock, as Quartz requires for batches above one.
		properties.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
		// Rows waiting in a long drain are late, not misfired: every trigger fires once, as in the other systems.
		properties.setProperty("org.quartz.jobStore.misfireThreshold", "3600000");
		return properties;
	}

	@Override
	public void close() {
		try {
			this.scheduler.shutdown(true);
		}
		catch (SchedulerException ex) {
			throw new IllegalStateException(ex);
		}
		finally {
			this.pool.close();
		}
	}

	/** The job class the rows name; Quartz loads it, and the job factory above runs in its place. */
	public static final class BenchJob implements Job {

		@Override
		public void execute(JobExecutionContext context) {
		}

	}

	private record PoolProvider(HikariDataSource pool) implements ConnectionProvider {

		@Override
		public Connection getConnection() throws SQLException {
			return this.pool.getConnection();
		}

		@Override
		public void shutdown() {
		}

		@Override
		public void initialize() {
		}

	}

}
