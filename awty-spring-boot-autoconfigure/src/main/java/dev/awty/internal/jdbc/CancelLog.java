package dev.awty.internal.jdbc;

import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

import org.springframework.transaction.support.TransactionOperations;

/**
 * Records rows cancelled through a repository in {@code awty_delivery_log}, in the transaction that cancels
 * them: the cancel marks its rows with a token of its own in {@code claimed_by} (which means nothing on a
 * cancelled row), and one {@code INSERT … SELECT} copies exactly the rows carrying it.
 */
public final class CancelLog {

	private static final String COPY_CANCELLED = """
			INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts, check_count,
			                               outcome, error, duration_ms, instance_id)
			SELECT :awtyType, id, CONCAT(:awtyEventIdPrefix, id, '/', version), due_at, CURRENT_TIMESTAMP, attempts, 0,
			       'CANCELLED', NULL, 0, :awtyInstanceId
			FROM %s WHERE claimed_by = :awtyCanceller AND status = 'CANCELLED'
			""";

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

	boolean records(String typeName) {
		return this.recordedTypes.contains(typeName);
	}

	/** A token that marks the rows of one cancel. */
	String newCanceller() {
		return "cancel#" + UUID.randomUUID();
	}

	<R> R inTransaction(Supplier<R> work) {
		return this.transaction.execute((status) -> work.get());
	}

	void copyCancelled(EventTable<?> table, String canceller) {
		table.jdbc()
			.sql(table.dialect().withDatabaseNow(COPY_CANCELLED.formatted(table.type().table())))
			.param("awtyType", table.type().name())
			.param("awtyEventIdPrefix", table.type().name() + "/")
			.param("awtyInstanceId", this.instanceId)
			.param("awtyCanceller", canceller)
			.update();
	}

}
