package dev.awty.spi;

import org.jspecify.annotations.Nullable;

/**
 * The database lock that lets instances starting at once take turns to create or upgrade awty's tables: Liquibase
 * creates its changelog tables before its own lock can protect anything, so instances on an empty schema would race.
 * An instance takes it only when awty's changelog is not fully applied, and waits for it by trying again, so that
 * every wait is bounded and a stop is honoured while waiting.
 *
 * @param tryLock a query that takes the lock without waiting and returns one row whose first column is {@code true}
 * (or {@code 1}) when it took it; run with auto-commit off. {@code :holder} describes the instance, for the
 * database's view of its sessions where the dialect can show it
 * @param release releases the lock held by the session; {@code null} when the lock is held by the transaction of
 * {@code tryLock} and ends with it, whatever the connection (behind a pooler in transaction mode the next statement
 * may run on another server session: a session-level lock would stay on the pooled one)
 * @param holders a query returning one row per session that holds the lock, its first column describing the session
 * (process id, application, client, since when), for the message of an instance that waits
 */
public record SchemaInitializationLock(String tryLock, @Nullable String release, String holders) {

	/** Whether the lock ends with the transaction that took it, rather than being released by {@link #release()}. */
	public boolean endsWithTransaction() {
		return this.release == null;
	}

}
