package dev.awty.spi;

import org.jspecify.annotations.Nullable;

/**
 * How instances tell each other that a row is due, on a database with a channel between its sessions. Without one
 * (the {@link #NONE} default) each instance finds the rows the others scheduled by polling. Part of
 * {@link SqlDialect}, through {@link SqlDialect#wakeUps()}.
 */
public interface DialectWakeUps {

	/** No channel: both statements are {@code null}. */
	DialectWakeUps NONE = new DialectWakeUps() {
	};

	/**
	 * A statement that tells the other instances that a row of type {@code :type} is due at
	 * {@code :dueAtMillis}, delivered to them only if the current transaction commits; {@code null} (the default)
	 * where the database has no such channel and instances rely on polling.
	 */
	default @Nullable String notifyDue() {
		return null;
	}

	/**
	 * The statement that subscribes a connection to {@link #notifyDue()}; {@code null} (the default) when there is
	 * none.
	 */
	default @Nullable String listenDue() {
		return null;
	}

}
