package dev.awty.repository;

import dev.awty.ScheduledEntity;

/**
 * Entry point to the rows of each event type.
 */
public interface EventRepositories {

	/**
	 * Selects rows of {@code type}; start with {@link Selection#join} and {@link Selection#where}.
	 * @throws IllegalArgumentException if {@code type} is null or not a known event type
	 */
	<T extends ScheduledEntity> Selection<T> select(Class<T> type);

}
