package dev.awty.testing;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;

import dev.awty.ClaimMode;
import dev.awty.Holding;

/**
 * The databases a contract runs on, as the argument sets of a {@link ParameterizedClass}. A contract declares its
 * matrix once, next to its tests ({@link OnEveryDatabase}, or a {@code matrix()} method of its own when it also varies
 * the claim mode or a table's DDL), and reports name each run by its set: {@code [2] PostgreSQL, skip-locked}.
 * <p>
 * The first argument of every set is a {@code Supplier<TestDatabase>}: a fresh database is created per test, in
 * {@link DatabaseContractTests}, not when the matrix is listed.
 */
public final class ContractMatrix {

	private ContractMatrix() {
	}

	/** H2, PostgreSQL and MariaDB: the matrix of {@link OnEveryDatabase}. */
	public static Stream<Arguments> everyDatabase() {
		return Stream.of(h2(), postgres(), mariadb());
	}

	/** H2, PostgreSQL and MariaDB, each in both claim modes. */
	public static Stream<Arguments> everyDatabaseInBothClaimModes() {
		return Stream.of(h2(ClaimMode.LEADER), h2(ClaimMode.SKIP_LOCKED), postgres(ClaimMode.LEADER),
				postgres(ClaimMode.SKIP_LOCKED), mariadb(ClaimMode.LEADER), mariadb(ClaimMode.SKIP_LOCKED));
	}

	/**
	 * H2, PostgreSQL and MariaDB, each in both claim modes with batches held in a transaction (the default), and in
	 * skip-locked mode with batches held by a lease.
	 */
	public static Stream<Arguments> everyDatabaseInBothClaimModesAndHoldings() {
		return Stream.of(h2(ClaimMode.LEADER, Holding.TRANSACTION), h2(ClaimMode.SKIP_LOCKED, Holding.TRANSACTION),
				h2(ClaimMode.SKIP_LOCKED, Holding.LEASE), postgres(ClaimMode.LEADER, Holding.TRANSACTION),
				postgres(ClaimMode.SKIP_LOCKED, Holding.TRANSACTION), postgres(ClaimMode.SKIP_LOCKED, Holding.LEASE),
				mariadb(ClaimMode.LEADER, Holding.TRANSACTION), mariadb(ClaimMode.SKIP_LOCKED, Holding.TRANSACTION),
				mariadb(ClaimMode.SKIP_LOCKED, Holding.LEASE));
	}

	public static Arguments h2(Object... more) {
		return on("H2", TestDatabases::h2, more);
	}

	public static Arguments postgres(Object... more) {
		return on("PostgreSQL", TestDatabases::postgres, more);
	}

	public static Arguments mariadb(Object... more) {
		return on("MariaDB", TestDatabases::mariadb, more);
	}

	/** MySQL, skipped with the reason where no MySQL server can be had (see {@link TestDatabases#mysql()}). */
	public static Arguments mysql(Object... more) {
		return on("MySQL", TestDatabases::mysql, more);
	}

	public static Arguments mariadbThroughMySqlDriver(Object... more) {
		return on("MariaDB through MySQL's driver", TestDatabases::mariadbThroughMySqlDriver, more);
	}

	/**
	 * A set named by its database and the claim modes and durations among {@code more}; other values (DDL, SQL) are
	 * left out of the name, which the database already tells apart.
	 */
	private static Arguments on(String database, Supplier<TestDatabase> databases, Object... more) {
		String named = Arrays.stream(more)
			.map(ContractMatrix::nameOf)
			.filter((name) -> !name.isEmpty())
			.collect(Collectors.joining(", "));
		Object[] arguments = Stream.concat(Stream.of(databases), Arrays.stream(more)).toArray();
		return Arguments.argumentSet(named.isEmpty() ? database : database + ", " + named, arguments);
	}

	private static String nameOf(Object value) {
		if (value instanceof ClaimMode mode) {
			return mode.name().toLowerCase(Locale.ROOT).replace('_', '-');
		}
		if (value instanceof Holding holding) {
			return "held by " + ((holding == Holding.LEASE) ? "a lease" : "a transaction");
		}
		if (value instanceof Duration duration) {
			return duration.toSeconds() + " s outage";
		}
		return "";
	}

}
