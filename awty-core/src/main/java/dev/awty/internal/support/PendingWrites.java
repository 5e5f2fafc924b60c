package dev.awty.internal.support;

/**
 * Makes the caller's pending writes visible to awty's next statement in the caller's transaction, such as
 * the inserts and updates a JPA persistence context still holds. Called before every statement that
 * {@link dev.awty.EventScheduler} and {@link dev.awty.repository.Selection} run for an application.
 */
@FunctionalInterface
public interface PendingWrites {

	/** For applications whose writes reach the database at once (JDBC). */
	PendingWrites NONE = () -> {
	};

	/** Writes what the current transaction holds back; does nothing outside a transaction. */
	void flush();

}
