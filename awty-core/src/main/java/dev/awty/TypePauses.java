package dev.awty;

import java.time.Instant;
import java.util.Map;

/**
 * Pauses and resumes the delivery of an event type on every instance at once, for an incident ("the mail provider is
 * down") that needs no deploy. The pause is a row in the starter's {@code awty_type_pause} table: every instance
 * stops claiming the type within its poll interval, and an instance that starts while the type is paused stays
 * paused. Rows keep their due times, so they become overdue and show as such in the backlog, metrics and health;
 * after {@link #resume} they are delivered in due order, within the type's limits. Rows already claimed when the
 * pause is seen are still delivered.
 */
public interface TypePauses {

	/**
	 * Pauses the delivery of {@code type} on every instance.
	 * @param type an event type's name, as in {@code awty.types.<name>}
	 * @return {@code true} if the type was running, {@code false} if it was paused already
	 * @throws IllegalArgumentException if {@code type} is not the name of an event type
	 */
	boolean pause(String type);

	/**
	 * Resumes the delivery of {@code type} on every instance, within their poll interval.
	 * @return {@code true} if the type was paused, {@code false} if it was running already
	 * @throws IllegalArgumentException if {@code type} is not the name of an event type
	 */
	boolean resume(String type);

	/**
	 * The paused types and since when (the database's clock), read from the database now; empty when none is
	 * paused.
	 */
	Map<String, Instant> paused();

}
