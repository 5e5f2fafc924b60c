package dev.awty.internal.model;

/**
 * The base columns every scheduled table needs, with the Liquibase type printed in a fixing changeSet.
 */
enum BaseColumn {

	ID("id", Kind.INTEGER, "BIGINT"),
	DUE_AT("due_at", Kind.TIMESTAMP, "TIMESTAMP WITH TIME ZONE"),
	STATUS("status", Kind.TEXT, "VARCHAR(16)"),
	ATTEMPTS("attempts", Kind.INTEGER, "INT"),
	CLAIMED_BY("claimed_by", Kind.TEXT, "VARCHAR(255)"),
	CLAIMED_UNTIL("claimed_until", Kind.TIMESTAMP, "TIMESTAMP WITH TIME ZONE"),
	DELIVERED_AT("delivered_at", Kind.TIMESTAMP, "TIMESTAMP WITH TIME ZONE"),
	LAST_ERROR("last_error", Kind.TEXT, "VARCHAR(2000)"),
	VERSION("version", Kind.INTEGER, "INT"),
	CREATED_AT("created_at", Kind.TIMESTAMP, "TIMESTAMP WITH TIME ZONE");

	/** How a column's database type is checked. */
	public enum Kind {
		INTEGER, TIMESTAMP, TEXT
	}

	private final String column;

	private final Kind kind;

	private final String liquibaseType;

	BaseColumn(String column, Kind kind, String liquibaseType) {
		this.column = column;
		this.kind = kind;
		this.liquibaseType = liquibaseType;
	}

	public String column() {
		return this.column;
	}

	public Kind kind() {
		return this.kind;
	}

	public String liquibaseType() {
		return this.liquibaseType;
	}

}
