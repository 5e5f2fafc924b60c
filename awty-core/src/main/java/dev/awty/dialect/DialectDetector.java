package dev.awty.dialect;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;

import dev.awty.AwtyConfigurationException;
import dev.awty.AwtyException;
import dev.awty.UnsupportedDatabaseException;
import dev.awty.UnsupportedDatabaseVersionException;
import dev.awty.spi.SqlDialect;

/**
 * Picks the dialect for a DataSource from its JDBC product name and version, or by name when one is forced.
 */
public final class DialectDetector {

	/** The property that forces a dialect; named in error messages. */
	public static final String FORCE_PROPERTY = "awty.database.dialect";

	private static final Map<String, Supported> BY_NAME = new LinkedHashMap<>();

	static {
		BY_NAME.put("postgresql", new Supported("PostgreSQL", PostgresDialect::new, 0, 0));
		BY_NAME.put("h2", new Supported("H2", H2Dialect::new, 0, 0));
		// the first versions with FOR UPDATE SKIP LOCKED
		BY_NAME.put("mariadb", new Supported("MariaDB", MariaDbDialect::new, 10, 6));
		BY_NAME.put("mysql", new Supported("MySQL", MySqlDialect::new, 8, 0));
	}

	private DialectDetector() {
	}

	/** The names accepted by {@value #FORCE_PROPERTY}. */
	public static List<String> supported() {
		return List.copyOf(BY_NAME.keySet());
	}

	/**
	 * Returns the dialect named {@code forced}, or the one matching the DataSource's product name.
	 * @throws UnsupportedDatabaseException if the product is not supported
	 * @throws UnsupportedDatabaseVersionException if the product is supported from a later version only
	 * @throws AwtyConfigurationException if {@code forced} names no dialect
	 */
	public static SqlDialect detect(DataSource dataSource, @Nullable String forced) {
		if (forced != null && !forced.isBlank()) {
			Supported dialect = BY_NAME.get(forced.trim().toLowerCase(Locale.ROOT));
			if (dialect == null) {
				throw new AwtyConfigurationException(
						"'" + forced + "' is not a dialect awty knows (property " + FORCE_PROPERTY + ")",
						"Set " + FORCE_PROPERTY + " to one of " + supported() + ", or remove it to detect the database.");
			}
			return dialect.factory().get();
		}
		DatabaseProduct product = product(dataSource);
		Supported dialect = BY_NAME.get(product.key());
		if (dialect == null) {
			throw new UnsupportedDatabaseException(product.name(),
					BY_NAME.values().stream().map(Supported::displayName).toList());
		}
		if (!product.isAtLeast(dialect.minMajor(), dialect.minMinor())) {
			throw new UnsupportedDatabaseVersionException(dialect.displayName(), product.version(),
					dialect.minMajor() + "." + dialect.minMinor());
		}
		return dialect.factory().get();
	}

	private static DatabaseProduct product(DataSource dataSource) {
		try {
			return JdbcUtils.extractDatabaseMetaData(dataSource, DatabaseProduct::of);
		}
		catch (MetaDataAccessException ex) {
			throw new AwtyException("awty could not read the database product name from the DataSource: "
					+ ex.getMostSpecificCause().getMessage(), ex);
		}
	}

	private record Supported(String displayName, Supplier<SqlDialect> factory, int minMajor, int minMinor) {
	}

}
