package dev.awty.benchmarks.dbscheduler;

import java.time.Duration;
import java.time.Instant;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.zaxxer.hikari.HikariDataSource;
import org.jspecify.annotations.Nullable;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;

/**
 * db-scheduler as its documentation sets it up without Spring: one one-time task whose execution hands its
 * instance id (the sequence number) to the {@link Receiver}, on a pool of the benchmark's size.
 */
public final class DbSchedulerInstance implements AutoCloseable {

	public static final String TASK = "bench";

	/** How db-scheduler is configured. */
	public enum Setup {

		/**
		 * Tuned for the workload: lock-and-fetch polling ({@code UPDATE … FOR UPDATE SKIP LOCKED … RETURNING}),
		 * the benchmark's worker threads and poll interval, and a fetch of up to four executions per thread.
		 */
		TUNED,

		/** The library's defaults: fetch-then-lock polling, 10 threads, a 10 s poll interval. */
		DEFAULTS

	}

	private final HikariDataSource pool;

	private final OneTimeTask<Void> task;

	private final Scheduler scheduler;

	private DbSchedulerInstance(HikariDataSource pool, OneTimeTask<Void> task, Scheduler scheduler) {
		this.pool = pool;
		this.task = task;
		this.scheduler = scheduler;
	}

	public static DbSchedulerInstance start(BenchDatabase database, Setup setup, Receiver receiver) {
		return start(database, setup, receiver, "db-scheduler", null);
	}

	/**
	 * Starts an instance whose connections carry {@code ApplicationName} {@code name} and, when
	 * {@code deadAfter} is given, whose executions of a dead instance are picked up again after about that long
	 * (its heartbeat every quarter of it, four missed heartbeats), as the chaos scenarios set awty's lease.
	 */
	public static DbSchedulerInstance start(BenchDatabase database, Setup setup, Receiver receiver, String name,
			@Nullable Duration deadAfter) {
		Options options = database.options();
		HikariDataSource pool = database.pool(name, options.poolSize());
		OneTimeTask<Void> task = Tasks.oneTime(TASK).execute((instance, context) -> receiver
			.receive(Long.parseLong(instance.getId()), context.getExecution().getExecutionTime()));
		SchedulerBuilder builder = Scheduler.create(pool, task).schedulerName(() -> name);
		if (setup == Setup.TUNED) {
			builder.threads(options.threads())
				.pollingInterval(options.pollInterval())
				.pollUsingLockAndFetch(1.0, 4.0)
				.enableImmediateExecution();
		}
		if (deadAfter != null) {
			builder.heartbeatInterval(deadAfter.dividedBy(4)).missedHeartbeatsLimit(4);
		}
		Scheduler scheduler = builder.shutdownMaxWait(Duration.ofSeconds(10)).build();
		scheduler.start();
		return new DbSchedulerInstance(pool, task, scheduler);
	}

	/** A client only, no polling: what an application uses to schedule and reschedule. */
	public static SchedulerClient client(HikariDataSource pool) {
		return SchedulerClient.Builder.create(pool, task()).build();
	}

	public static OneTimeTask<Void> task() {
		return Tasks.oneTime(TASK).execute((instance, context) -> {
		});
	}

	public static TaskInstance<Void> instance(long seq) {
		return new TaskInstance<>(TASK, Long.toString(seq));
	}

	public HikariDataSource pool() {
		return this.pool;
	}

	public SchedulerClient client() {
		return this.scheduler;
	}

	public void schedule(long seq, Instant at) {
		this.scheduler.schedule(this.task.instance(Long.toString(seq)), at);
	}

	@Override
	public void close() {
		this.scheduler.stop();
		this.pool.close();
	}

}
