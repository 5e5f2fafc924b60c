package dev.awty.dialect;

import dev.awty.spi.DialectWakeUps;

/** PostgreSQL's channel between instances: {@code NOTIFY} on commit, {@code LISTEN} on a connection of its own. */
final class PostgresWakeUps implements DialectWakeUps {

	// PostgreSQL holds a notification until commit and drops it on rollback: exactly "after commit only".
	private static final String NOTIFY_DUE = "SELECT pg_notify('awty_due', :type || '|' || :dueAtMillis)";

	private static final String LISTEN_DUE = "LISTEN awty_due";

	@Override
	public String notifyDue() {
		return NOTIFY_DUE;
	}

	@Override
	public String listenDue() {
		return LISTEN_DUE;
	}

}
