package dev.awty.internal.model;

import java.util.List;

import dev.awty.ScheduledEntity;

/**
 * What one {@code @ScheduledEvent} class maps to.
 *
 * @param name the type name ({@code awty.types.<name>}, lock {@code awty:<name>}, header {@code awty_type})
 * @param table the validated table name
 * @param channel the channel its rows are published to
 * @param ownColumns the class's own fields and columns, beyond the base columns
 */
public record EventType<T extends ScheduledEntity>(String name, String table, String channel, Class<T> entityClass,
		List<PropertyColumn> ownColumns, EntityMapper<T> mapper) {

	/** The lock that makes one instance the leader for this type. */
	public String lockName() {
		return "awty:" + this.name;
	}

}
