package dev.awty;

import java.util.List;

/**
 * Thrown at start-up when an event type's table is missing or lacks base columns awty needs. It carries
 * the Liquibase changeSet that would fix the table.
 */
public class ScheduledTableException extends AwtyException {

	private final String typeName;

	private final String table;

	private final List<String> problems;

	private final String changeSet;

	private final String sql;

	public ScheduledTableException(String typeName, String table, List<String> problems, String changeSet) {
		this(typeName, table, problems, changeSet, "");
	}

	/**
	 * @param sql the same fix as SQL for the detected database, or empty; see {@link #getSql()}
	 */
	public ScheduledTableException(String typeName, String table, List<String> problems, String changeSet,
			String sql) {
		super("Scheduled table '" + table + "' of event type '" + typeName + "' is not usable: "
				+ String.join("; ", problems));
		this.typeName = typeName;
		this.table = table;
		this.problems = List.copyOf(problems);
		this.changeSet = changeSet;
		this.sql = sql;
	}

	public String getTypeName() {
		return this.typeName;
	}

	public String getTable() {
		return this.table;
	}

	/** One sentence per problem, such as "column 'due_at' is missing". */
	public List<String> getProblems() {
		return this.problems;
	}

	/** A Liquibase XML changeSet that creates the table or adds what is missing. */
	public String getChangeSet() {
		return this.changeSet;
	}

	/**
	 * The statements of {@link #getChangeSet()} for the detected database, after a comment line naming it, for a
	 * service whose schema Flyway or its own DDL keeps; empty when they could not be written.
	 */
	public String getSql() {
		return this.sql;
	}

}
