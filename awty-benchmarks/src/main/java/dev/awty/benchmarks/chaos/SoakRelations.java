package dev.awty.benchmarks.chaos;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.harness.BenchDatabase;

/** The size and dead tuples of every awty table and index in the soak's schema, as the soak reports them. */
final class SoakRelations {

	private static final Log logger = LogFactory.getLog(SoakRelations.class);

	/** The history table, whose partitions and their indexes are summed up. */
	static final String HISTORY = "awty_delivery_log";

	/** awty's relations in the soak's schema: the event tables, the starter's tables, and their indexes. */
	private static final String RELATIONS = """
			SELECT c.relname, CASE WHEN c.relkind = 'r' THEN pg_table_size(c.oid) ELSE pg_relation_size(c.oid) END,
			    COALESCE(s.n_dead_tup, -1)
			FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
			LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
			WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')
			  AND (c.relname LIKE 'soak%' OR c.relname LIKE 'awty%' OR c.relname LIKE 'shedlock%')
			ORDER BY c.relname
			""";

	private SoakRelations() {
	}

	/** Size in bytes and dead tuples (-1 for an index) of each relation, by name; empty if the database is away. */
	static Map<String, long[]> read(BenchDatabase database) {
		Map<String, long[]> relations = new LinkedHashMap<>();
		try (Connection connection = database.connect(); Statement statement = connection.createStatement();
				ResultSet rs = statement.executeQuery(RELATIONS)) {
			while (rs.next()) {
				relations.put(rs.getString(1), new long[] { rs.getLong(2), rs.getLong(3) });
			}
		}
		catch (SQLException ex) {
			logger.info("soak: relation sizes unavailable: " + ex.getMessage());
			relations.clear();
		}
		return relations;
	}

	/**
	 * Each relation's size and a table's dead tuples; the history's partitions and their indexes as one sum, as
	 * there are five days of them with five indexes each.
	 */
	static String describe(Map<String, long[]> relations) {
		StringJoiner described = new StringJoiner(", ");
		long historyBytes = 0;
		long historyDead = 0;
		int historyRelations = 0;
		for (Map.Entry<String, long[]> relation : relations.entrySet()) {
			long[] figures = relation.getValue();
			if (relation.getKey().startsWith(HISTORY)) {
				historyBytes += figures[0];
				historyDead += Math.max(0, figures[1]);
				historyRelations++;
			}
			else {
				described.add(String.format("%s %.2f MB%s", relation.getKey(), figures[0] / 1e6,
						(figures[1] >= 0) ? String.format(" (%,d dead)", figures[1]) : ""));
			}
		}
		described.add(String.format("%s* %.2f MB in %d tables and indexes (%,d dead)", HISTORY, historyBytes / 1e6,
				historyRelations, historyDead));
		return described.toString();
	}

}
