package dev.awty.internal.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.AwtyException;
import dev.awty.spi.DailyHistoryPartitions;
import dev.awty.spi.SqlDialect;

/**
 * Finds at start-up a history table that still has the indexes an earlier awty gave it, which no query of awty reads
 * and every entry written pays for, and logs one warning with the changeSet and the SQL that make it lean (awty's
 * changeSets {@value #PARTITIONED_CHANGE_SET} and {@value #COMPOSITE_CHANGE_SET}). awty's initializer applies them
 * itself, so the warning is for a schema the service keeps. It only warns: the old indexes cost time, not results.
 */
public final class HistoryIndexCheck {

	private static final Log logger = LogFactory.getLog(HistoryIndexCheck.class);

	static final String PARTITIONED_CHANGE_SET = "awty-14-lean-history";

	static final String COMPOSITE_CHANGE_SET = "awty-14-lean-history-composite";

	private static final String TABLE = "awty_delivery_log";

	private static final String PRIMARY_KEY = "awty_delivery_log_pkey";

	private static final String TYPE_FINISHED = "awty_delivery_log_type_finished";

	private static final String OUTCOME = "awty_delivery_log_outcome";

	private final TableColumns tables;

	private final JdbcTemplate jdbc;

	private final SqlDialect dialect;

	private final ChangeSetSql sql;

	public HistoryIndexCheck(DataSource dataSource, SqlDialect dialect) {
		this.tables = new TableColumns(dataSource);
		this.jdbc = new JdbcTemplate(dataSource);
		this.dialect = dialect;
		this.sql = new ChangeSetSql(dialect);
	}

	/**
	 * Logs the warning if the history table is not lean; returns what it found wrong, empty when nothing (or when the
	 * table does not exist, or its catalog cannot be read).
	 */
	public List<String> warnIfNotLean() {
		List<String> problems;
		try {
			problems = problems();
		}
		catch (AwtyException | DataAccessException ex) {
			// only advice: a database user who may not read the catalog still starts
			logger.debug("awty: could not read the indexes of '" + TABLE + "'", ex);
			return List.of();
		}
		if (!problems.isEmpty()) {
			String changeSet = (this.dialect.dailyHistoryPartitions() != null) ? PARTITIONED_CHANGE_SET
					: COMPOSITE_CHANGE_SET;
			logger.warn("awty: the history table '" + TABLE + "' " + String.join(", and ", problems)
					+ ". Every history entry is written on the delivery path,"
					+ " so the table keeps only the indexes awty's queries read (docs/history.md, 'Indexes'). Set"
					+ " awty.schema.initialize=true to let awty change it, or add this changeSet to your changelog:\n\n"
					+ ChangeSetWriter.starterChangeSet(changeSet)
					+ ChangeSetSql.paragraph(this.sql.ofStarterChangeSets(List.of(changeSet), null)));
		}
		return problems;
	}

	private List<String> problems() {
		Set<String> indexes = this.tables.indexes(TABLE);
		if (indexes.isEmpty()) {
			return List.of();
		}
		List<String> problems = new ArrayList<>();
		DailyHistoryPartitions partitions = this.dialect.dailyHistoryPartitions();
		if (partitions != null) {
			// A table that is not partitioned keeps both: housekeeping deletes its old entries through the index.
			if (!Boolean.TRUE.equals(this.jdbc.queryForObject(partitions.isPartitioned(), Boolean.class))) {
				return List.of();
			}
			List<String> surplus = new ArrayList<>();
			if (indexes.contains(PRIMARY_KEY)) {
				surplus.add("the primary key " + PRIMARY_KEY);
			}
			if (indexes.contains(TYPE_FINISHED)) {
				surplus.add("the index " + TYPE_FINISHED);
			}
			if (!surplus.isEmpty()) {
				problems.add("has " + String.join(" and ", surplus) + ", which an earlier version of awty created and no"
						+ " query of awty reads now (its daily partitions serve time)");
			}
			return problems;
		}
		if (indexes.contains(TYPE_FINISHED)) {
			problems.add("has the index " + TYPE_FINISHED + ", which an earlier version of awty created and no query of"
					+ " awty reads now");
		}
		if (!indexes.contains(OUTCOME)) {
			problems.add("lacks the index " + OUTCOME + " (event_type, outcome, finished_at), which serves the failures of"
					+ " a period and housekeeping's deletes");
		}
		return problems;
	}

}
