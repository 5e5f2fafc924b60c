package dev.awty.internal.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import dev.awty.spi.SqlDialect;

/**
 * Writes the Liquibase XML changeSet that makes a type's table usable, printed by the start-up failure.
 */
final class ChangeSetWriter {

	private static final Map<Class<?>, String> LIQUIBASE_TYPES = Map.ofEntries(Map.entry(Long.class, "BIGINT"),
			Map.entry(long.class, "BIGINT"), Map.entry(Integer.class, "INT"), Map.entry(int.class, "INT"),
			Map.entry(String.class, "VARCHAR(255)"),
			Map.entry(UUID.class, "UUID"), Map.entry(Boolean.class, "BOOLEAN"), Map.entry(boolean.class, "BOOLEAN"),
			Map.entry(BigDecimal.class, "DECIMAL(19,4)"));

	private static final String STARTER_CHANGELOG = "/dev/awty/schema/awty-changelog.xml";

	private final EventType<?> type;

	private final SqlDialect dialect;

	ChangeSetWriter(EventType<?> type, SqlDialect dialect) {
		this.type = type;
		this.dialect = dialect;
	}

	String createTable() {
		StringBuilder xml = open("create-" + this.type.table());
		xml.append("    <createTable tableName=\"").append(this.type.table()).append("\">\n");
		xml.append("        <column name=\"id\" type=\"BIGINT\" autoIncrement=\"true\">\n")
			.append("            <constraints primaryKey=\"true\"/>\n        </column>\n");
		for (PropertyColumn property : this.type.ownColumns()) {
			xml.append("        <column name=\"").append(property.column()).append("\" type=\"")
				.append(liquibaseType(property)).append("\"/>\n");
		}
		for (BaseColumn base : BaseColumn.values()) {
			if (base != BaseColumn.ID) {
				xml.append("        ").append(baseColumn(base)).append('\n');
			}
		}
		xml.append("    </createTable>\n");
		xml.append("    <sql>").append(this.dialect.schema().pendingIndex(this.type.table())).append("</sql>\n");
		String storage = this.dialect.schema().tableStorage(this.type.table());
		if (storage != null) {
			xml.append("    <sql>").append(storage).append("</sql>\n");
		}
		return close(xml);
	}

	String fixColumns(List<BaseColumn> missingBase, List<BaseColumn> wrongType, List<PropertyColumn> missingOwn) {
		StringBuilder xml = open("fix-" + this.type.table());
		if (!missingBase.isEmpty() || !missingOwn.isEmpty()) {
			xml.append("    <addColumn tableName=\"").append(this.type.table()).append("\">\n");
			for (BaseColumn base : missingBase) {
				xml.append("        ").append(baseColumn(base)).append('\n');
			}
			for (PropertyColumn property : missingOwn) {
				xml.append("        <column name=\"").append(property.column()).append("\" type=\"")
					.append(liquibaseType(property)).append("\"/>\n");
			}
			xml.append("    </addColumn>\n");
		}
		for (BaseColumn base : wrongType) {
			xml.append("    <modifyDataType tableName=\"").append(this.type.table()).append("\" columnName=\"")
				.append(base.column()).append("\" newDataType=\"").append(typeOf(base, this.dialect)).append("\"/>\n");
		}
		if (missingBase.contains(BaseColumn.DUE_AT) || missingBase.contains(BaseColumn.STATUS)) {
			xml.append("    <sql>").append(this.dialect.schema().pendingIndex(this.type.table())).append("</sql>\n");
		}
		return close(xml);
	}

	String checkColumns(boolean firstCheckAt, boolean checkCount) {
		StringBuilder xml = open("checks-" + this.type.table());
		xml.append("    <addColumn tableName=\"").append(this.type.table()).append("\">\n");
		if (firstCheckAt) {
			xml.append("        <column name=\"first_check_at\" type=\"TIMESTAMP WITH TIME ZONE\"/>\n");
		}
		if (checkCount) {
			xml.append("        <column name=\"check_count\" type=\"INT\" defaultValueNumeric=\"0\">")
				.append("<constraints nullable=\"false\"/></column>\n");
		}
		xml.append("    </addColumn>\n");
		return close(xml);
	}

	/** Adds the optional column that keeps the trace context of the code that scheduled each row. */
	String traceColumn() {
		StringBuilder xml = open("trace-parent-" + this.type.table());
		xml.append("    <addColumn tableName=\"").append(this.type.table()).append("\">\n");
		xml.append("        <column name=\"").append(EntityMapper.TRACE_PARENT).append("\" type=\"VARCHAR(64)\"/>\n");
		xml.append("    </addColumn>\n");
		return close(xml);
	}

	/** The changeSet {@code id} of awty's own changelog, as it is shipped. */
	static String starterChangeSet(String id) {
		String changelog;
		try (InputStream in = ChangeSetWriter.class.getResourceAsStream(STARTER_CHANGELOG)) {
			changelog = new String(Objects.requireNonNull(in, STARTER_CHANGELOG).readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + STARTER_CHANGELOG, ex);
		}
		int start = changelog.indexOf("<changeSet id=\"" + id + "\"");
		int end = changelog.indexOf("</changeSet>", start);
		if (start < 0 || end < 0) {
			throw new IllegalStateException("No changeSet '" + id + "' in " + STARTER_CHANGELOG);
		}
		return changelog.substring(start, end + "</changeSet>".length());
	}

	static String lockTable(String table) {
		return open("create-" + table) + """
				    <createTable tableName="%s">
				        <column name="name" type="VARCHAR(64)"><constraints primaryKey="true" nullable="false"/></column>
				        <column name="lock_until" type="TIMESTAMP(3)"><constraints nullable="false"/></column>
				        <column name="locked_at" type="TIMESTAMP(3)"><constraints nullable="false"/></column>
				        <column name="locked_by" type="VARCHAR(255)"><constraints nullable="false"/></column>
				    </createTable>
				""".formatted(table) + "</changeSet>";
	}

	/** The Liquibase type of a base column on this dialect: timestamps differ between databases. */
	static String typeOf(BaseColumn base, SqlDialect dialect) {
		return (base.kind() == BaseColumn.Kind.TIMESTAMP) ? dialect.timestampType() : base.liquibaseType();
	}

	private String baseColumn(BaseColumn base) {
		String column = "<column name=\"" + base.column() + "\" type=\"" + typeOf(base, this.dialect) + "\"";
		return switch (base) {
			case STATUS -> column + " defaultValue=\"PENDING\"><constraints nullable=\"false\"/></column>";
			case ATTEMPTS -> column + " defaultValueNumeric=\"0\"><constraints nullable=\"false\"/></column>";
			case VERSION -> column + " defaultValueNumeric=\"1\"><constraints nullable=\"false\"/></column>";
			case CREATED_AT -> column + " defaultValueComputed=\"" + createdAtDefault()
					+ "\"><constraints nullable=\"false\"/></column>";
			case DUE_AT -> column + "><constraints nullable=\"false\"/></column>";
			default -> column + "/>";
		};
	}

	private String createdAtDefault() {
		String now = this.dialect.databaseClock();
		// MySQL takes a function other than CURRENT_TIMESTAMP as a default only in parentheses
		return now.equals("CURRENT_TIMESTAMP") ? now : "(" + now + ")";
	}

	private String liquibaseType(PropertyColumn property) {
		return (property.javaType() == Instant.class) ? this.dialect.timestampType()
				: LIQUIBASE_TYPES.getOrDefault(property.javaType(), "VARCHAR(255)");
	}

	private static StringBuilder open(String id) {
		return new StringBuilder("<changeSet id=\"awty-").append(id).append("\" author=\"awty\">\n");
	}

	private static String close(StringBuilder xml) {
		return xml.append("</changeSet>").toString();
	}

}
