package dev.awty.autoconfigure.properties;

import org.jspecify.annotations.Nullable;

/**
 * Which database awty writes SQL for, under {@code awty.database.*}.
 */
public class AwtyDatabaseProperties {

	/**
	 * SQL dialect to use instead of detecting it from the DataSource: postgresql, h2, mariadb or mysql.
	 */
	private @Nullable String dialect;

	public @Nullable String getDialect() {
		return this.dialect;
	}

	public void setDialect(@Nullable String dialect) {
		this.dialect = dialect;
	}

}
