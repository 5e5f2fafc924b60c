package dev.awty.dialect;

import java.sql.DatabaseMetaData;
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
import dev.awty.spi.SqlDialect;

/**
 * Picks the dialect for a DataSource from its JDBC product name, or by name when one is forced.
 */
public final class DialectDetector {

	/** The property that forces a dialect; named in error messages. */
	public static final String FORCE_PROPERTY = "awty.database.dialect";

	private static final Map<String, Supplier<SqlDialect>> BY_NAME = new LinkedHashMap<>();

	static {
		BY_NAME.put("postgresql", PostgresDialect::new);
		BY_NAME.put("h2", H2Dialect::new);
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
	 * @throws AwtyConfigurationException if {@code forced} names no dialect
	 */
	public static SqlDialect detect(DataSource dataSource, @Nullable String forced) {
		if (forced != null && !forced.isBlank()) {
			Supplier<SqlDialect> dialect = BY_NAME.get(forced.trim().toLowerCase(Locale.ROOT));
			if (dialect == null) {
				throw new AwtyConfigurationException(
						"'" + forced + "' is not a dialect awty knows (property " + FORCE_PROPERTY + ")",
						"Set " + FORCE_PROPERTY + " to one of " + supported() + ", or remove it to detect the database.");
			}
			return dialect.get();
		}
		String product = productName(dataSource);
		String key = product.toLowerCase(Locale.ROOT).replace(" ", "");
		Supplier<SqlDialect> dialect = BY_NAME.get(key);
		if (dialect == null) {
			throw new UnsupportedDatabaseException(product, List.of("PostgreSQL", "H2"));
		}
		return dialect.get();
	}

	private static String productName(DataSource dataSource) {
		try {
			return JdbcUtils.extractDatabaseMetaData(dataSource, DatabaseMetaData::getDatabaseProductName);
		}
		catch (MetaDataAccessException ex) {
			throw new AwtyException("awty could not read the database product name from the DataSource: "
					+ ex.getMostSpecificCause().getMessage(), ex);
		}
	}

}
