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

	private final String database;

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
		this.database = "";
	}

	private ScheduledTableException(ScheduledTableException cause, String database) {
		super(cause.getMessage() + " (looked in " + database + ")");
		setStackTrace(cause.getStackTrace()); // the same failure, told more precisely: not one caused by the other
		this.typeName = cause.typeName;
		this.table = cause.table;
		this.problems = cause.problems;
		this.changeSet = cause.changeSet;
		this.sql = cause.sql;
		this.database = database;
	}

	/**
	 * The same failure, saying which database awty looked in: for an application with several DataSources, where
	 * "the table is missing" most often means "your migrations ran on the other one".
	 * @param database the DataSource as the application knows it, such as {@code DataSource 'ordersDataSource'
	 * (jdbc:postgresql://db/orders)}
	 */
	public ScheduledTableException lookedIn(String database) {
		return new ScheduledTableException(this, database);
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

	/** The database awty looked in when the application has several, or empty; see {@link #lookedIn(String)}. */
	public String getDatabase() {
		return this.database;
	}

}
