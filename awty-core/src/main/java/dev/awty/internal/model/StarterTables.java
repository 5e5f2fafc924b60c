package dev.awty.internal.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.awty.AwtyConfigurationException;

/**
 * Checks at start-up that awty's own tables exist (the history, the schedule versions, the limits, the pauses, the
 * audit and the lock table) with the columns this version writes; a missing one fails with the changeSets of
 * awty's changelog that create or complete it, and their SQL for the detected database.
 */
final class StarterTables {

	private static final String HISTORY_TABLE = "awty_delivery_log";

	private static final String HISTORY_CHANGE_SET = "awty-2-delivery-log";

	private static final String HISTORY_VERSION_CHANGE_SET = "awty-9-delivery-log-schedule-version";

	/** The changeSets that added the schedule of recurring occurrences, and its version, to the history table. */
	private static final List<String> HISTORY_SCHEDULE_CHANGE_SETS = List.of("awty-6-delivery-log-schedule",
			"awty-7-delivery-log-schedule-index", "awty-7-delivery-log-schedule-index-composite",
			HISTORY_VERSION_CHANGE_SET);

	private static final String SCHEDULE_TABLE = "awty_schedule";

	private static final String SCHEDULE_VERSION_TABLE = "awty_schedule_version";

	private static final String SCHEDULE_VERSION_CHANGE_SET = "awty-8-schedule-version";

	private static final String LOCK_CHANGE_SET = "awty-1-shedlock";

	private static final String LIMIT_TABLE = "awty_type_limit";

	private static final String LIMIT_CHANGE_SET = "awty-11-type-limit";

	private static final String PAUSE_TABLE = "awty_type_pause";

	private static final String PAUSE_CHANGE_SET = "awty-12-type-pause";

	private static final String AUDIT_TABLE = "awty_audit";

	private static final String AUDIT_CHANGE_SET = "awty-13-operator-audit";

	private final TableColumns tables;

	private final ChangeSetSql sql;

	StarterTables(TableColumns tables, ChangeSetSql sql) {
		this.tables = tables;
		this.sql = sql;
	}

	void requireHistoryTable() {
		Map<String, TableColumns.Column> columns = this.tables.columns(HISTORY_TABLE);
		if (columns.isEmpty()) {
			List<String> changeSets = new ArrayList<>(List.of(HISTORY_CHANGE_SET));
			changeSets.addAll(HISTORY_SCHEDULE_CHANGE_SETS);
			// The lean indexes of a table that is not partitioned; PostgreSQL's partitioned table is created by a
			// changeSet of its own (docs/history.md), which its lean changeSet follows.
			changeSets.add(HistoryIndexCheck.COMPOSITE_CHANGE_SET);
			throw new AwtyConfigurationException("The history table '" + HISTORY_TABLE + "' does not exist",
					"Set awty.schema.initialize=true to let awty create it, set awty.history.mode=none to keep no "
							+ "history, or add these changeSets to your changelog:\n\n" + changeSets(changeSets));
		}
		if (!columns.containsKey("schedule_id")) {
			throw new AwtyConfigurationException("The history table '" + HISTORY_TABLE
					+ "' has no column 'schedule_id', which this version of awty writes (it was created by an earlier one)",
					"Set awty.schema.initialize=true to let awty add it, set awty.history.mode=none to keep no history, "
							+ "or add these changeSets to your changelog:\n\n" + changeSets(HISTORY_SCHEDULE_CHANGE_SETS));
		}
		if (!columns.containsKey("schedule_version")) {
			throw new AwtyConfigurationException("The history table '" + HISTORY_TABLE
					+ "' has no column 'schedule_version', which this version of awty writes (it was created by an earlier one)",
					"Set awty.schema.initialize=true to let awty add it, set awty.history.mode=none to keep no history, "
							+ "or add this changeSet to your changelog:\n\n" + changeSets(List.of(HISTORY_VERSION_CHANGE_SET)));
		}
	}

	void requireScheduleVersionTable() {
		if (!this.tables.columns(SCHEDULE_TABLE).isEmpty() && this.tables.columns(SCHEDULE_VERSION_TABLE).isEmpty()) {
			throw new AwtyConfigurationException("The table '" + SCHEDULE_VERSION_TABLE
					+ "', which keeps the versions of recurring schedules, does not exist (the schedules were set up by an "
					+ "earlier version of awty)",
					"Set awty.schema.initialize=true to let awty create it, set awty.recurring.enabled=false if you use no "
							+ "recurring schedules, or add this changeSet to your changelog:\n\n"
							+ changeSets(List.of(SCHEDULE_VERSION_CHANGE_SET)));
		}
	}

	void requireLimitTable(String property) {
		if (this.tables.columns(LIMIT_TABLE).isEmpty()) {
			throw new AwtyConfigurationException("The table '" + LIMIT_TABLE + "', which keeps the limits that "
					+ property + " sets across instances, does not exist",
					"Set awty.schema.initialize=true to let awty create it, remove " + property
							+ ", or add this changeSet to your changelog:\n\n" + changeSets(List.of(LIMIT_CHANGE_SET)));
		}
	}

	void requirePauseTable() {
		if (this.tables.columns(PAUSE_TABLE).isEmpty()) {
			throw new AwtyConfigurationException("The table '" + PAUSE_TABLE + "', which keeps the event types an "
					+ "operator paused (it was added in this version of awty), does not exist",
					"Set awty.schema.initialize=true to let awty create it, or add this changeSet to your changelog:\n\n"
							+ changeSets(List.of(PAUSE_CHANGE_SET)));
		}
	}

	void requireAuditTable() {
		if (this.tables.columns(AUDIT_TABLE).isEmpty()) {
			throw new AwtyConfigurationException("The table '" + AUDIT_TABLE + "', which records who paused, retried, "
					+ "cancelled or changed what (it was added in this version of awty), does not exist",
					"Set awty.schema.initialize=true to let awty create it, or add this changeSet to your changelog:\n\n"
							+ changeSets(List.of(AUDIT_CHANGE_SET)));
		}
	}

	void requireLockTable(String table) {
		if (this.tables.columns(table).isEmpty()) {
			throw new AwtyConfigurationException("The lock table '" + table + "' for awty's leader locks does not exist",
					"Set awty.schema.initialize=true to let awty create it, or add this changeSet to your changelog:\n\n"
							+ ChangeSetWriter.lockTable(table)
							+ ChangeSetSql.paragraph(this.sql.ofStarterChangeSets(List.of(LOCK_CHANGE_SET), table)));
		}
	}

	/** The changeSets {@code ids} of awty's changelog, followed by their SQL for the detected database. */
	private String changeSets(List<String> ids) {
		return String.join("\n\n", ids.stream().map(ChangeSetWriter::starterChangeSet).toList())
				+ ChangeSetSql.paragraph(this.sql.ofStarterChangeSets(ids, null));
	}

}
