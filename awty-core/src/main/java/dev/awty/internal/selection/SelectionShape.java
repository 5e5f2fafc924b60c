package dev.awty.internal.selection;

import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.internal.table.EventTable;

/**
 * How one selection's statements are written for the table's database: the FROM and WHERE part, the id sub-select
 * and, for a selection with joins through which an index finds the scheduled rows, the dialect's shape that reads
 * the joined tables first. The join's index is looked up once per selection, when its first statement is written.
 */
final class SelectionShape {

	private final EventTable<? extends ScheduledEntity> table;

	private final SelectionCriteria criteria;

	private final JoinIndexes joinIndexes;

	private @Nullable String joinedTablesFirst;

	private boolean decided;

	SelectionShape(EventTable<? extends ScheduledEntity> table, SelectionCriteria criteria, JoinIndexes joinIndexes) {
		this.table = table;
		this.criteria = criteria;
		this.joinIndexes = joinIndexes;
	}

	String fromWhere(List<EventStatus> statuses) {
		return this.criteria.withStatuses(statuses).fromWhere(this.table.type().table(), joinedTablesFirst());
	}

	/**
	 * The FROM and WHERE part with the joins in the caller's order, whatever the dialect: for a statement that names
	 * the scheduled rows by id, which the database then reads first, by primary key.
	 */
	String fromWhereByIds(List<EventStatus> statuses) {
		return this.criteria.withStatuses(statuses).fromWhere(this.table.type().table(), null);
	}

	String selectedRows(String ids) {
		return this.table.dialect().selections().selectedRows().formatted(this.table.type().table(), ids);
	}

	String idIn(String ids) {
		return this.table.dialect().selections().idInSubSelect().formatted(ids);
	}

	String withDatabaseNow(String statement) {
		return this.table.dialect().withDatabaseNow(statement);
	}

	/** {@code sql} as sent: with the dialect's settings for a statement that reads the joined tables first. */
	String asSent(String sql) {
		return (joinedTablesFirst() != null)
				? this.table.dialect().selections().withJoinedTablesFirst().formatted(sql) : sql;
	}

	/**
	 * The dialect's {@link dev.awty.spi.DialectSelections#joinedTablesFirst()} for a selection with joins through which
	 * an index finds the scheduled rows; else {@code null}, the plain join: without that index, reading the joined rows
	 * first would read the whole scheduled table once for each of them.
	 */
	private synchronized @Nullable String joinedTablesFirst() {
		if (!this.decided) {
			this.joinedTablesFirst = decideJoinedTablesFirst();
			this.decided = true;
		}
		return this.joinedTablesFirst;
	}

	private @Nullable String decideJoinedTablesFirst() {
		String joinedTablesFirst = this.table.dialect().selections().joinedTablesFirst();
		if (joinedTablesFirst == null || !this.criteria.hasJoins()) {
			return null;
		}
		List<String> ons = this.criteria.joins().stream().map(SelectionCriteria.Join::on).toList();
		return this.joinIndexes.servedByIndex(this.table.dataSource(), this.table.type().table(), ons)
				? joinedTablesFirst : null;
	}

}
