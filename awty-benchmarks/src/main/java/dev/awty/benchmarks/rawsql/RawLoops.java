package dev.awty.benchmarks.rawsql;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.zaxxer.hikari.HikariDataSource;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;

/**
 * Runs a raw loop on {@code --threads} workers sharing a pool of {@code --pool} connections, and returns once every
 * worker found nothing left to do: the two raw loops differ only in what a worker does.
 */
final class RawLoops {

	/** One worker's loop, returning when no due row is left. */
	@FunctionalInterface
	interface Worker {

		void run(HikariDataSource pool, int worker, int batchSize) throws SQLException;

	}

	private RawLoops() {
	}

	static void run(BenchDatabase database, String name, Worker worker) {
		Options options = database.options();
		try (HikariDataSource pool = database.pool(name, options.poolSize())) {
			ExecutorService workers = Executors.newFixedThreadPool(options.threads());
			try {
				List<Future<?>> running = new ArrayList<>();
				for (int i = 0; i < options.threads(); i++) {
					int index = i;
					running.add(workers.submit(() -> {
						worker.run(pool, index, options.batchSize());
						return null;
					}));
				}
				for (Future<?> each : running) {
					each.get();
				}
			}
			catch (Exception ex) {
				throw new IllegalStateException(name + " drain failed: " + ex.getMessage(), ex);
			}
			finally {
				workers.shutdownNow();
			}
		}
	}

}
