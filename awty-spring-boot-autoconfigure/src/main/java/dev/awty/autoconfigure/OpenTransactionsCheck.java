package dev.awty.autoconfigure;

import java.sql.SQLException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;

import dev.awty.AwtyConfigurationException;

/**
 * Fails start-up when the batches awty may hold in open transactions would take more than half of awty's HikariCP
 * pool: each open batch holds a connection while it publishes, and the application's own requests need the rest.
 * Other pools are not judged (their size cannot be read in one way).
 */
final class OpenTransactionsCheck {

	private static final boolean HIKARI_PRESENT = ClassUtils.isPresent("com.zaxxer.hikari.HikariDataSource",
			OpenTransactionsCheck.class.getClassLoader());

	private OpenTransactionsCheck() {
	}

	/**
	 * @param demand the batches the types held in transactions may open at once: the sum of their concurrency
	 * @param cap {@code awty.poller.open-transactions}
	 */
	static void check(DataSource dataSource, int demand, int cap) {
		int held = Math.min(demand, cap);
		Integer poolSize = HIKARI_PRESENT ? hikariPoolSize(dataSource) : null;
		if (held == 0 || poolSize == null || held * 2 <= poolSize) {
			return;
		}
		throw new AwtyConfigurationException("awty may hold " + held + " connection(s) of its pool in open batches"
				+ " (types held in a transaction x their concurrency = " + demand + ", at most awty.poller.open-transactions = "
				+ cap + "), more than half of the pool's maximum-pool-size of " + poolSize
				+ ": the application's own requests would wait for connections",
				"Set awty.poller.open-transactions to " + Math.max(1, poolSize / 2) + " or less, raise the pool's"
						+ " maximum-pool-size (spring.datasource.hikari.maximum-pool-size) to " + held * 2
						+ " or more, or hold batches by a lease: awty.poller.holding=lease.");
	}

	private static @Nullable Integer hikariPoolSize(DataSource dataSource) {
		try {
			return dataSource.isWrapperFor(HikariDataSource.class)
					? dataSource.unwrap(HikariDataSource.class).getMaximumPoolSize() : null;
		}
		catch (SQLException ex) {
			return null;
		}
	}

}
