package dev.awty.spi;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.jspecify.annotations.Nullable;

/**
 * How a database stores instants: which columns hold one, the Liquibase type awty prints for them, and how an
 * instant is bound and read. Part of {@link SqlDialect}, which extends it: a dialect implements these there.
 */
public interface SqlTimestamps {

	/**
	 * Whether a column of this JDBC type and database type name stores an instant with its time zone (or, where
	 * the dialect says so, an instant as UTC).
	 */
	boolean isTimestampWithTimeZone(int jdbcType, String typeName);

	/** The Liquibase type of the base timestamp columns, printed in the changeSet that fixes a table. */
	default String timestampType() {
		return "TIMESTAMP WITH TIME ZONE";
	}

	/** Converts an instant into a value the driver binds to a timestamp-with-time-zone column. */
	default Object timestampParameter(Instant instant) {
		return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
	}

	/** Reads a timestamp-with-time-zone column as an instant. */
	default @Nullable Instant readTimestamp(ResultSet rs, String column) throws SQLException {
		return readTimestamp(rs, rs.findColumn(column));
	}

	/** Reads the timestamp-with-time-zone column at {@code column} (from 1) as an instant. */
	default @Nullable Instant readTimestamp(ResultSet rs, int column) throws SQLException {
		OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
		return (value != null) ? value.toInstant() : null;
	}

}
