package dev.awty.internal.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import liquibase.change.Change;
import liquibase.changelog.ChangeLogParameters;
import liquibase.changelog.ChangeSet;
import liquibase.changelog.DatabaseChangeLog;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.DatabaseList;
import liquibase.parser.ChangeLogParserFactory;
import liquibase.resource.ClassLoaderResourceAccessor;
import liquibase.resource.ResourceAccessor;
import liquibase.sdk.resource.MockResourceAccessor;
import liquibase.sql.Sql;
import liquibase.sqlgenerator.SqlGeneratorFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.spi.SqlDialect;

/**
 * The SQL of a changeSet for the detected database, printed beside it for services that keep their schema with
 * Flyway or their own DDL. Liquibase writes it, offline, from the changeSet itself: the SQL cannot drift from the
 * changeSet, and the types and statements that differ between databases stay where they already are (the dialects'
 * names and types that the changeSets are written with, and the {@code dbms} attributes of awty's changelog).
 * <p>
 * Only failures are explained with it, so each call parses afresh. Where Liquibase cannot write it (a dialect of a
 * database it does not know), the result is empty and the changeSet alone is printed.
 */
final class ChangeSetSql {

	private static final String STARTER_CHANGELOG = "dev/awty/schema/awty-changelog.xml";

	private static final String WRITTEN_CHANGELOG = "awty-fix.xml";

	private static final String CHANGELOG_OPEN = """
			<?xml version="1.0" encoding="UTF-8"?>
			<databaseChangeLog xmlns="http://www.liquibase.org/xml/ns/dbchangelog"
			        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
			        xsi:schemaLocation="http://www.liquibase.org/xml/ns/dbchangelog
			        http://www.liquibase.org/xml/ns/dbchangelog/dbchangelog-latest.xsd">
			""";

	private final SqlDialect dialect;

	ChangeSetSql(SqlDialect dialect) {
		this.dialect = dialect;
	}

	/**
	 * The statements of {@code changeSetXml} (one changeSet written by {@link ChangeSetWriter}) for the detected
	 * database, after a comment line that names it; empty when they cannot be written.
	 */
	String of(String changeSetXml) {
		String xml = CHANGELOG_OPEN + changeSetXml + "\n</databaseChangeLog>\n";
		return script(new MockResourceAccessor(new TreeMap<>(Map.of(WRITTEN_CHANGELOG, xml))), WRITTEN_CHANGELOG,
				null, List.of());
	}

	/**
	 * Like {@link #of(String)}, for the changeSets {@code ids} of awty's own changelog; {@code lockTable} names the
	 * lock table where one of them creates it.
	 */
	String ofStarterChangeSets(List<String> ids, @Nullable String lockTable) {
		return script(new ClassLoaderResourceAccessor(ChangeSetSql.class.getClassLoader()), STARTER_CHANGELOG,
				lockTable, ids);
	}

	/**
	 * The sentence and script that follow a changeSet in a failure's action, for those who do not write Liquibase
	 * XML; empty without a script.
	 */
	static String paragraph(String script) {
		return script.isEmpty() ? "" : "\n\nOr, with Flyway or your own DDL, run this SQL:\n\n" + script;
	}

	/** The database as users name it; offline, Liquibase knows only its short name. */
	private String displayName() {
		return switch (this.dialect.name()) {
			case "postgresql" -> "PostgreSQL";
			case "mariadb" -> "MariaDB";
			case "mysql" -> "MySQL";
			case "h2" -> "H2";
			default -> this.dialect.name();
		};
	}

	private String script(ResourceAccessor resources, String changelog, @Nullable String lockTable, List<String> ids) {
		try {
			Database database = DatabaseFactory.getInstance()
				.openDatabase("offline:" + this.dialect.name(), null, null, null, resources);
			// Offline, Liquibase would qualify H2's tables with a schema of its own guess.
			database.setOutputDefaultSchema(false);
			ChangeLogParameters parameters = new ChangeLogParameters(database);
			if (lockTable != null) {
				parameters.set("awty.lockTable", lockTable);
			}
			DatabaseChangeLog parsed = ChangeLogParserFactory.getInstance()
				.getParser(changelog, resources)
				.parse(changelog, parameters, resources);
			List<String> statements = new ArrayList<>();
			for (ChangeSet changeSet : parsed.getChangeSets()) {
				if ((ids.isEmpty() || ids.contains(changeSet.getId()))
						&& DatabaseList.definitionMatches(changeSet.getDbmsSet(), database, true)) {
					for (Change change : changeSet.getChanges()) {
						for (Sql sql : SqlGeneratorFactory.getInstance().generateSql(change, database)) {
							statements.add(sql.toSql() + ";");
						}
					}
				}
			}
			return statements.isEmpty() ? "" : "-- for " + displayName() + "\n" + String.join("\n", statements);
		}
		catch (Exception | LinkageError ex) {
			// The changeSet printed above is still the fix: a failure explained without its SQL is better than none.
			return "";
		}
	}

}
