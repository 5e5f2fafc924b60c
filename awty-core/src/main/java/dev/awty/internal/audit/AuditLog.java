package dev.awty.internal.audit;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.audit.OperatorAction;
import dev.awty.internal.support.LastError;
import dev.awty.spi.CurrentOperator;
import dev.awty.spi.SqlDialect;

/**
 * Writes one {@code awty_audit} entry per operator action, naming the operator {@link CurrentOperator} sees on the
 * calling thread. {@link #record} must be called inside the action's transaction: the entry commits with the change
 * or not at all, and an entry that cannot be written rolls the action back rather than leaving it unrecorded.
 */
public final class AuditLog {

	/** The table's name, as the changelog creates it. */
	public static final String TABLE = "awty_audit";

	/** Records nothing: for libraries' own tests that build a feature without the audit. */
	public static final AuditLog NONE = new AuditLog();

	static final int PRINCIPAL_LENGTH = 255;

	static final int TARGET_LENGTH = 255;

	static final int DETAIL_LENGTH = 2000;

	private static final String INSERT_ENTRY = """
			INSERT INTO awty_audit (acted_at, principal, action, target, rows_affected, detail)
			VALUES (CURRENT_TIMESTAMP, :principal, :action, :target, :rows, :detail)
			""";

	private final @Nullable JdbcClient jdbc;

	private final @Nullable CurrentOperator operator;

	private final String insertEntry;

	private AuditLog() {
		this.jdbc = null;
		this.operator = null;
		this.insertEntry = INSERT_ENTRY;
	}

	public AuditLog(DataSource dataSource, SqlDialect dialect, CurrentOperator operator) {
		this.jdbc = JdbcClient.create(dataSource);
		this.operator = operator;
		this.insertEntry = dialect.withDatabaseNow(INSERT_ENTRY);
	}

	/**
	 * Writes the entry of one action, in the caller's transaction.
	 * @param rows how many rows or schedules the action changed
	 * @param detail what else identifies the action (the selection, the event id), or {@code null}
	 */
	public void record(OperatorAction action, String target, long rows, @Nullable String detail) {
		JdbcClient jdbc = this.jdbc;
		CurrentOperator operator = this.operator;
		if (jdbc == null || operator == null) {
			return;
		}
		jdbc.sql(this.insertEntry)
			.param("principal", LastError.fit(operatorName(), PRINCIPAL_LENGTH))
			.param("action", action.name())
			.param("target", LastError.fit(target, TARGET_LENGTH))
			.param("rows", rows)
			.param("detail", (detail != null) ? LastError.fit(detail, DETAIL_LENGTH) : null)
			.update();
	}

	/**
	 * Who is acting on this thread, as the audit names them: {@link CurrentOperator#ANONYMOUS} when no one is known,
	 * so a log line and the audit entry of one action agree.
	 */
	public String operatorName() {
		CurrentOperator operator = this.operator;
		String name = (operator != null) ? operator.name() : null;
		return (name == null || name.isBlank()) ? CurrentOperator.ANONYMOUS : name;
	}

}
