package dev.awty.benchmarks.scenario;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.zaxxer.hikari.HikariDataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ConfigurableApplicationContext;

import dev.awty.ClaimMode;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.awty.BenchEvent;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.jpa.JpaBenchApplication;
import dev.awty.benchmarks.jpa.JpaBenchEvents;
import dev.awty.benchmarks.report.Numbers;
import dev.awty.benchmarks.report.Results;
import dev.awty.repository.ChangeResult;

/**
 * {@code reschedule}: an album's release moves, so its {@code --reschedule-rows} pending rows (among as many
 * of another album) move with it: awty with one statement through a join to the album's items, db-scheduler
 * with one {@code reschedule} call per task instance, after reading the album's items to know which; and awty
 * through a Spring Data JPA repository's {@code ScheduledEvents} fragment, by a {@code Specification} join.
 */
public final class RescheduleScenario implements Scenario {

	private static final Log logger = LogFactory.getLog(RescheduleScenario.class);

	private static final List<String> SYSTEMS = List.of(Results.AWTY, Results.AWTY_JPA, Results.DB_SCHEDULER);

	@Override
	public String name() {
		return "reschedule";
	}

	@Override
	public void run(BenchDatabase database, Results results) {
		Options options = database.options();
		int rows = options.rescheduleRows();
		for (int rep = 1; rep <= options.repetitions(); rep++) {
			for (String system : Scenario.order(SYSTEMS, rep)) {
				database.clearRuns();
				database.execute("TRUNCATE bench_item");
				database.execute("INSERT INTO bench_item (seq, album_id) SELECT g, g % 2 FROM generate_series(0, "
						+ (2L * rows - 1) + ") g; ANALYZE bench_item");
				Instant moved = Instant.now().plus(60, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
				double seconds;
				if (system.equals(Results.AWTY_JPA)) {
					seconds = jpaSpecification(database, rows, moved);
				}
				else if (system.equals(Results.AWTY)) {
					Rows.awty(database, BenchDatabase.AWTY, 0, 2L * rows, Rows.DUE_IN_30_DAYS);
					database.execute("ANALYZE " + BenchDatabase.AWTY);
					try (AwtyInstances awty = AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, new Receiver(0))) {
						long start = System.nanoTime();
						ChangeResult result = awty.repositories()
							.select(BenchEvent.class)
							.join("bench_item", "i", "i.seq = e.seq")
							.where("i.album_id = :album")
							.param("album", 1)
							.rescheduleTo(moved);
						seconds = (System.nanoTime() - start) / 1e9;
						if (result.changed() != rows) {
							throw new IllegalStateException("awty rescheduled " + result.changed() + " rows, expected " + rows);
						}
					}
				}
				else {
					Rows.dbScheduler(database, 0, 2L * rows, Rows.DUE_IN_30_DAYS);
					database.execute("ANALYZE scheduled_tasks");
					try (HikariDataSource pool = database.pool("db-scheduler-client", database.options().poolSize())) {
						SchedulerClient client = DbSchedulerInstance.client(pool);
						long start = System.nanoTime();
						int changed = 0;
						for (long seq : albumItems(database)) {
							changed += client.reschedule(DbSchedulerInstance.instance(seq), moved) ? 1 : 0;
						}
						seconds = (System.nanoTime() - start) / 1e9;
						if (changed != rows) {
							throw new IllegalStateException("db-scheduler rescheduled " + changed + " rows, expected " + rows);
						}
					}
				}
				results.add(name(), system, "seconds", "s", seconds, rep);
				logger.info(String.format("reschedule %-14s rep %d: %,d rows in %.2f s", system, rep, rows, seconds));
			}
		}
	}

	/** The same reschedule through a Spring Data JPA repository: a Specification joining the row's item. */
	private static double jpaSpecification(BenchDatabase database, int rows, Instant moved) {
		Rows.awty(database, BenchDatabase.AWTY, 0, 2L * rows, Rows.DUE_IN_30_DAYS);
		database.execute("ANALYZE " + BenchDatabase.AWTY);
		try (ConfigurableApplicationContext jpa = JpaBenchApplication.start(database)) {
			JpaBenchEvents events = jpa.getBean(JpaBenchEvents.class);
			long start = System.nanoTime();
			ChangeResult result = events.rescheduleTo(JpaBenchEvents.ofAlbum(1), moved);
			double seconds = (System.nanoTime() - start) / 1e9;
			if (result.changed() != rows) {
				throw new IllegalStateException("awty (JPA) rescheduled " + result.changed() + " rows, expected " + rows);
			}
			return seconds;
		}
	}

	/** What an application using db-scheduler does first: find the instances of the album's items. */
	private static List<Long> albumItems(BenchDatabase database) {
		List<Long> seqs = new ArrayList<>();
		try (Connection connection = database.connect(); Statement statement = connection.createStatement();
				ResultSet rs = statement.executeQuery("SELECT seq FROM bench_item WHERE album_id = 1")) {
			while (rs.next()) {
				seqs.add(rs.getLong(1));
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return seqs;
	}

	/** Rescheduling by a join against db-scheduler's per-id updates, and through JPA. */
	@Override
	public List<String> comparisons(Results results) {
		List<String> lines = new ArrayList<>();
		double join = results.median("reschedule", Results.AWTY, "seconds");
		if (!Double.isNaN(join)) {
			lines.add("reschedule db-scheduler (per id)/awty (join) = "
					+ Numbers.format(results.median("reschedule", Results.DB_SCHEDULER, "seconds") / join) + "x");
			lines.add("reschedule awty jpa specification/awty selection (time) = "
					+ Numbers.format(results.median("reschedule", Results.AWTY_JPA, "seconds") / join) + "x");
		}
		return lines;
	}

	/** Registers {@link RescheduleScenario} (see {@link ScenarioProvider}). */
	public static final class Provider implements ScenarioProvider {

		@Override
		public List<Scenario> scenarios() {
			return List.of(new RescheduleScenario());
		}

	}

}
