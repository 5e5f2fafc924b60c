package dev.awty.internal.scheduling;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.springframework.util.Assert;

import dev.awty.EventScheduler;
import dev.awty.ScheduleResult;
import dev.awty.ScheduledEntity;
import dev.awty.internal.model.PropertyColumn;
import dev.awty.internal.support.PendingWrites;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;

/**
 * {@link EventScheduler} over the tables of the registered event types.
 */
public final class JdbcEventScheduler implements EventScheduler {

	private final Map<Class<?>, EventTable<?>> tables = new LinkedHashMap<>();

	private final DueSignals dueSignals;

	private final DueTimeSlots slots;

	private final PendingWrites pendingWrites;

	public JdbcEventScheduler(Collection<EventTable<?>> tables, DueSignals dueSignals, DueTimeSlots slots) {
		this(tables, dueSignals, slots, PendingWrites.NONE);
	}

	/**
	 * @param pendingWrites flushed before each statement, so that it sees what the caller's transaction wrote
	 */
	public JdbcEventScheduler(Collection<EventTable<?>> tables, DueSignals dueSignals, DueTimeSlots slots,
			PendingWrites pendingWrites) {
		this.dueSignals = dueSignals;
		this.slots = slots;
		this.pendingWrites = pendingWrites;
		for (EventTable<?> table : tables) {
			this.tables.put(table.type().entityClass(), table);
		}
	}

	@Override
	public <T extends ScheduledEntity> long schedule(T event, Instant dueAt) {
		Assert.notNull(event, "event must not be null");
		Assert.notNull(dueAt, "dueAt must not be null");
		requireNew(event);
		EventTable<T> table = table(event.getClass());
		Instant slot = this.slots.roundUp(table.type().name(), dueAt);
		this.pendingWrites.flush();
		Long id = table.transactions().execute((status) -> {
			long inserted = table.insert(event, slot);
			this.dueSignals.rowsDue(table, slot);
			return inserted;
		});
		return Objects.requireNonNull(id);
	}

	@Override
	public <T extends ScheduledEntity> int scheduleAll(Collection<T> events, Instant dueAt) {
		Assert.notNull(events, "events must not be null");
		Assert.notNull(dueAt, "dueAt must not be null");
		if (events.isEmpty()) {
			return 0;
		}
		Class<?> type = events.iterator().next().getClass();
		List<T> rows = new ArrayList<>(events.size());
		for (T event : events) {
			Assert.notNull(event, "events must not contain null");
			Assert.isTrue(event.getClass() == type, () -> "events must all be of one type, found " + type.getName()
					+ " and " + event.getClass().getName());
			requireNew(event);
			rows.add(event);
		}
		EventTable<T> table = table(type);
		Instant slot = this.slots.roundUp(table.type().name(), dueAt);
		this.pendingWrites.flush();
		Integer inserted = table.transactions().execute((status) -> {
			int count = table.insertAll(rows, slot);
			this.dueSignals.rowsDue(table, slot);
			return count;
		});
		return Objects.requireNonNull(inserted);
	}

	@Override
	public <T extends ScheduledEntity> ScheduleResult scheduleOrMove(T event, Instant dueAt, String keyProperty) {
		Assert.notNull(event, "event must not be null");
		Assert.notNull(dueAt, "dueAt must not be null");
		Assert.hasText(keyProperty, "keyProperty must not be empty");
		requireNew(event);
		EventTable<T> table = table(event.getClass());
		PropertyColumn key = table.type().ownColumns().stream()
			.filter((column) -> column.field().getName().equals(keyProperty))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("keyProperty '" + keyProperty + "' is not a field of "
					+ event.getClass().getName() + "; its fields are "
					+ table.type().ownColumns().stream().map((column) -> column.field().getName()).toList()));
		Instant slot = this.slots.roundUp(table.type().name(), dueAt);
		this.pendingWrites.flush();
		return Objects.requireNonNull(table.transactions().execute((status) -> {
			ScheduleResult result = ScheduleOrMove.apply(table, event, slot, key);
			if (result.outcome() != ScheduleResult.Outcome.IN_FLIGHT) {
				this.dueSignals.rowsDue(table, slot);
			}
			return result;
		}));
	}

	@Override
	public <T extends ScheduledEntity> Optional<T> find(Class<T> type, long id) {
		Assert.notNull(type, "type must not be null");
		EventTable<T> table = table(type);
		this.pendingWrites.flush();
		return table.find(id).map(type::cast);
	}

	@Override
	public <T extends ScheduledEntity> List<T> listPending(Class<T> type, int limit) {
		Assert.notNull(type, "type must not be null");
		Assert.isTrue(limit >= 1, () -> "limit must be at least 1, was " + limit);
		EventTable<T> table = table(type);
		this.pendingWrites.flush();
		return table.listPending(limit).stream().map(type::cast).toList();
	}

	@SuppressWarnings("unchecked")
	private <T extends ScheduledEntity> EventTable<T> table(Class<?> type) {
		EventTable<?> table = this.tables.get(type);
		if (table == null) {
			throw new IllegalArgumentException(type.getName() + " is not a known event type: annotate it with"
					+ " @ScheduledEvent and keep it in or below the package of your @SpringBootApplication class."
					+ " Known types: " + this.tables.keySet().stream().map(Class::getSimpleName).toList());
		}
		return (EventTable<T>) table;
	}

	private static void requireNew(ScheduledEntity event) {
		Assert.isTrue(event.getId() == null, () -> "event is already stored as row " + event.getId()
				+ "; schedule a new object for a new row");
	}

}
