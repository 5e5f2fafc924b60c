package dev.awty.dialect;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The database behind a DataSource as its driver reports it. MySQL's driver talking to MariaDB reports the
 * product as "MySQL" and the version as {@code 5.5.5-10.11.6-MariaDB}: the real product and version are then read
 * from the version text.
 */
record DatabaseProduct(String name, String version, int major, int minor) {

	private static final Pattern MARIADB_VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.\\d+-MariaDB");

	static DatabaseProduct of(DatabaseMetaData metaData) throws SQLException {
		String name = metaData.getDatabaseProductName();
		String version = metaData.getDatabaseProductVersion();
		Matcher mariaDb = MARIADB_VERSION.matcher(version);
		if (mariaDb.find()) {
			return new DatabaseProduct("MariaDB", version, Integer.parseInt(mariaDb.group(1)),
					Integer.parseInt(mariaDb.group(2)));
		}
		return new DatabaseProduct(name, version, metaData.getDatabaseMajorVersion(), metaData.getDatabaseMinorVersion());
	}

	/** The product name as a dialect key: lower case without spaces. */
	String key() {
		return this.name.toLowerCase(Locale.ROOT).replace(" ", "");
	}

	boolean isAtLeast(int major, int minor) {
		return this.major > major || (this.major == major && this.minor >= minor);
	}

}
