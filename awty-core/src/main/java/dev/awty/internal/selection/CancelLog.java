package dev.awty.internal.selection;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.table.EventTable;

/**
 * Records rows cancelled through a repository in {@code awty_delivery_log}, in the transaction that cancels
 * them: where the database feeds the rows an update changed to an insert, in the cancel's own statement; elsewhere
 * the cancel marks its rows with a token of its own in {@code claimed_by} (which means nothing on a cancelled row),
 * and one {@code INSERT … SELECT} copies exactly the rows carrying it.
 */
public final class CancelLog {

	// The rows are found through the cancel's own selection (%2$s: the dialect's selected rows, %3$s: its condition on
	// id) and kept to those carrying the token: by the token alone the copy read the whole table, as no index leads
	// with claimed_by.
	private static final String COPY_CANCELLED = """
			INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts, check_count,
			                               outcome, error, duration_ms, instance_id)
			SELECT :awtyType, %1$s.id, CONCAT(:awtyEventIdPrefix, %1$s.id, '/', %1$s.version), %1$s.due_at,
			       CURRENT_TIMESTAMP, %1$s.attempts, 0, 'CANCELLED', NULL, 0, :awtyInstanceId
			FROM %2$s WHERE %3$s AND %1$s.claimed_by = :awtyCanceller AND %1$s.status = 'CANCELLED'
			""";

	// Where the dialect has an insert from an update (see DialectSelections#insertFromUpdate), the cancel returns its
	// rows to this insert in the same statement, and no token is needed.
	private static final String COPY_CHANGED = """
			INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts, check_count,
			                               outcome, error, duration_ms, instance_id)
			SELECT :awtyType, id, CONCAT(:awtyEventIdPrefix, id, '/', version), due_at, CURRENT_TIMESTAMP, attempts, 0,
			       'CANCELLED', NULL, 0, :awtyInstanceId
			FROM awty_changed""";

	private static final String CHANGED_COLUMNS = "id, version, due_at, attempts";

	private final TransactionOperations transaction;

	private final Set<String> recordedTypes;

	private final String instanceId;

	/**
	 * @param recordedTypes the types whose history records cancellations ({@code history: all})
	 */
	public CancelLog(TransactionOperations transaction, Set<String> recordedTypes, String instanceId) {
		this.transaction = transaction;
		this.recordedTypes = Set.copyOf(recordedTypes);
		this.instanceId = instanceId;
	}

	/** Whether the history of {@code typeName} records cancellations. */
	public boolean records(String typeName) {
		return this.recordedTypes.contains(typeName);
	}

	/**
	 * The statement that runs {@code cancel} (a template of {@link SelectionStatements}) and records the rows it
	 * cancelled, with {@link #values}; {@code null} where the database needs a second statement
	 * ({@link #copyCancelled}).
	 */
	@Nullable String cancelAndCopy(EventTable<?> table, String cancel) {
		String insertFromUpdate = table.dialect().selections().insertFromUpdate();
		return (insertFromUpdate != null) ? insertFromUpdate.formatted(cancel, CHANGED_COLUMNS, COPY_CHANGED) : null;
	}

	/** The values that the statements recording cancelled rows of {@code table} bind. */
	Map<String, Object> values(EventTable<?> table) {
		return Map.of("awtyType", table.type().name(), "awtyEventIdPrefix", table.type().name() + "/",
				"awtyInstanceId", this.instanceId);
	}

	/** A token that marks the rows of one cancel. */
	public String newCanceller() {
		return "cancel#" + UUID.randomUUID();
	}

	<R> R inTransaction(Supplier<R> work) {
		return this.transaction.execute((status) -> work.get());
	}

	/**
	 * Copies those of the rows {@code ids} that a cancel marked with {@code canceller}, in the current transaction:
	 * for a cancel that knows its rows' ids (the JPA fragment's, which writes them by primary key).
	 */
	public void copyCancelled(EventTable<?> table, String canceller, Collection<Long> ids) {
		String name = table.type().table();
		copyCancelled(table, canceller, name, name + ".id IN (:awtyIds)", Map.of("awtyIds", ids),
				UnaryOperator.identity());
	}

	/**
	 * Copies the rows the cancel marked with {@code canceller}, found through {@code rows} and {@code idCondition}
	 * (the selection's, over its rows in any status) with its {@code params}, sent as {@code asSent} has it.
	 */
	void copyCancelled(EventTable<?> table, String canceller, String rows, String idCondition,
			Map<String, ?> params, UnaryOperator<String> asSent) {
		String sql = table.dialect().withDatabaseNow(COPY_CANCELLED.formatted(table.type().table(), "%1$s", "%2$s"))
			.formatted(rows, idCondition);
		table.jdbc()
			.sql(asSent.apply(sql))
			.params(params)
			.params(values(table))
			.param("awtyCanceller", canceller)
			.update();
	}

}
