package dev.awty.internal.scheduling;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import dev.awty.AwtyException;
import dev.awty.ScheduleResult;
import dev.awty.ScheduleResult.Outcome;
import dev.awty.ScheduledEntity;
import dev.awty.internal.model.PropertyColumn;
import dev.awty.internal.table.EventTable;

/**
 * "Schedule, or move the pending row with this key": move first; insert when there is no pending row;
 * when a concurrent caller inserted first (the unique pending index refused ours), move theirs.
 */
final class ScheduleOrMove {

	private static final String MOVE_PENDING_BY_KEY = """
			UPDATE %s SET due_at = :dueAt, version = version + 1, claimed_by = NULL
			WHERE %s = :key AND status = 'PENDING' AND (claimed_until IS NULL OR claimed_until < CURRENT_TIMESTAMP)
			""";

	private static final String PENDING_BY_KEY = """
			SELECT id, CASE WHEN claimed_until >= CURRENT_TIMESTAMP THEN 1 ELSE 0 END AS in_flight
			FROM %s WHERE %s = :key AND status = 'PENDING' ORDER BY id DESC
			""";

	private static final int ATTEMPTS = 5;

	private ScheduleOrMove() {
	}

	static <T extends ScheduledEntity> ScheduleResult apply(EventTable<T> table, T event, Instant dueAt,
			PropertyColumn key) {
		Object value = table.type().mapper().ownValues(event).get(key.column());
		String name = table.type().table();
		for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
			int moved = table.jdbc()
				.sql(table.dialect().withDatabaseNow(MOVE_PENDING_BY_KEY.formatted(name, key.column())))
				.param("dueAt", table.dialect().timestampParameter(dueAt))
				.param("key", value)
				.update();
			// Without a unique pending index on the key, several rows may share it: the newest one answers.
			List<long[]> pending = table.jdbc()
				.sql(table.dialect().withDatabaseNow(PENDING_BY_KEY.formatted(name, key.column())))
				.param("key", value)
				.query((rs, row) -> new long[] { rs.getLong("id"), rs.getInt("in_flight") })
				.list();
			if (moved > 0 && !pending.isEmpty()) {
				return new ScheduleResult(Outcome.MOVED, pending.get(0)[0]);
			}
			Optional<long[]> inFlight = pending.stream().filter((row) -> row[1] == 1).findFirst();
			if (inFlight.isPresent()) {
				return new ScheduleResult(Outcome.IN_FLIGHT, inFlight.get()[0]);
			}
			if (pending.isEmpty()) {
				Optional<Long> inserted = table.insertUnlessDuplicate(event, dueAt);
				if (inserted.isPresent()) {
					return new ScheduleResult(Outcome.SCHEDULED, inserted.get());
				}
			}
		}
		throw new AwtyException("Could not schedule or move the row of event type '" + table.type().name() + "' with "
				+ key.column() + " = " + value + ": it kept changing under concurrent calls");
	}

}
