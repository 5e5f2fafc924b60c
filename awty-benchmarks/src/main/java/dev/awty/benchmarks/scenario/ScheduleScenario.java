package dev.awty.benchmarks.scenario;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.zaxxer.hikari.HikariDataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.ClaimMode;
import dev.awty.EventScheduler;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.awty.BenchEvent;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;

/**
 * {@code schedule}: rows per second scheduled far ahead, one per transaction and in batches of
 * {@value #BATCH}: awty's {@code schedule} and {@code scheduleAll} against db-scheduler's {@code schedule} and
 * {@code scheduleBatch}.
 */
public final class ScheduleScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(ScheduleScenario.class);

	private static final int BATCH = 1000;

	private static final List<String> SYSTEMS = List.of(Results.AWTY, Results.DB_SCHEDULER);

	@Override
	public String name() {
		return "schedule";
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		Options options = database.options();
		int rows = options.scheduleRows();
		for (int rep = 1; rep <= options.repetitions(); rep++) {
			for (String system : Scenario.order(SYSTEMS, rep)) {
				database.clearRuns();
				Instant due = Instant.now().plus(30, ChronoUnit.DAYS);
				double single;
				double batch;
				if (system.equals(Results.AWTY)) {
					try (AwtyInstances awty = AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, new Receiver(0))) {
						EventScheduler scheduler = awty.scheduler();
						single = timed(rows, () -> {
							for (long seq = 0; seq < rows; seq++) {
								scheduler.schedule(new BenchEvent(seq), due);
							}
						});
						batch = timed(rows, () -> {
							for (long first = rows; first < 2L * rows; first += BATCH) {
								List<BenchEvent> events = new ArrayList<>(BATCH);
								for (long seq = first; seq < Math.min(first + BATCH, 2L * rows); seq++) {
									events.add(new BenchEvent(seq));
								}
								scheduler.scheduleAll(events, due);
							}
						});
					}
					verify(database, "SELECT count(*) FROM scheduled_bench WHERE seq >= 0", 2L * rows, system);
				}
				else {
					try (HikariDataSource pool = database.pool("db-scheduler-client", options.poolSize())) {
						SchedulerClient client = DbSchedulerInstance.client(pool);
						single = timed(rows, () -> {
							for (long seq = 0; seq < rows; seq++) {
								client.schedule(DbSchedulerInstance.instance(seq), due);
							}
						});
						batch = timed(rows, () -> {
							for (long first = rows; first < 2L * rows; first += BATCH) {
								List<TaskInstance<?>> instances = new ArrayList<>(BATCH);
								for (long seq = first; seq < Math.min(first + BATCH, 2L * rows); seq++) {
									instances.add(DbSchedulerInstance.instance(seq));
								}
								client.scheduleBatch(instances, due);
							}
						});
					}
					verify(database, "SELECT count(*) FROM scheduled_tasks WHERE task_instance NOT LIKE 'b%'", 2L * rows,
							system);
				}
				results.add(name(), system, "one per transaction/s", "rows/s", single, rep);
				results.add(name(), system, "batch/s", "rows/s", batch, rep);
				logger.info(String.format("schedule %-14s rep %d: %,.0f rows/s one per transaction, %,.0f rows/s in batches",
						system, rep, single, batch));
			}
		}
	}

	private static double timed(int rows, Runnable work) {
		long start = System.nanoTime();
		work.run();
		return rows * 1e9 / (System.nanoTime() - start);
	}

	private static void verify(BenchDatabase database, String count, long expected, String system) {
		long rows = database.queryLong(count);
		if (rows != expected) {
			throw new IllegalStateException(system + " scheduled " + rows + " rows, expected " + expected);
		}
	}

	/** How fast awty schedules against db-scheduler, one per transaction and in batches. */
	@Override
	public List<String> comparisons(Results results) {
		List<String> lines = new ArrayList<>();
		double single = results.median("schedule", Results.AWTY, "one per transaction/s");
		if (!Double.isNaN(single)) {
			lines.add("schedule one per transaction awty/db-scheduler = "
					+ Numbers.format(single / results.median("schedule", Results.DB_SCHEDULER, "one per transaction/s")) + "x");
			lines.add("schedule batch awty/db-scheduler = " + Numbers.format(results.median("schedule", Results.AWTY, "batch/s")
					/ results.median("schedule", Results.DB_SCHEDULER, "batch/s")) + "x");
		}
		return lines;
	}

	/** Registers {@link ScheduleScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new ScheduleScenario());
		}

	}

}
