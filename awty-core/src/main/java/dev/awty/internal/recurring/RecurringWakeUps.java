package dev.awty.internal.recurring;

import java.time.Instant;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.awty.internal.wakeup.WakeUps;
import dev.awty.recurring.RecurringHeaders;
import dev.awty.spi.SqlDialect;

/**
 * Wakes the recurring poll loops when a schedule is created or changed to come due sooner than they would look:
 * the other instances' through the database where it can (PostgreSQL NOTIFY, sent when the writing transaction
 * commits), this instance's once it has.
 */
public final class RecurringWakeUps {

	private final WakeUps wakeUps;

	private final JdbcClient jdbc;

	private final @Nullable String notifyDue;

	/** @param notifyOtherInstances whether to tell other instances through the database, where it can */
	public RecurringWakeUps(WakeUps wakeUps, SqlDialect dialect, DataSource dataSource, boolean notifyOtherInstances) {
		this.wakeUps = wakeUps;
		this.jdbc = JdbcClient.create(dataSource);
		this.notifyDue = notifyOtherInstances ? dialect.wakeUps().notifyDue() : null;
	}

	/** Within the transaction that makes a schedule due at {@code dueAt}: tells the other instances once it commits. */
	void notifyOthers(@Nullable Instant dueAt) {
		if (dueAt != null && this.notifyDue != null && this.wakeUps.notifiesOtherInstances()
				&& this.wakeUps.isSoon(RecurringHeaders.TYPE_VALUE, dueAt)) {
			this.jdbc.sql(this.notifyDue)
				.param("type", RecurringHeaders.TYPE_VALUE)
				.param("dueAtMillis", String.valueOf(dueAt.toEpochMilli()))
				.query()
				.singleValue();
		}
	}

	/** After that transaction committed: wakes this instance's loop. */
	void wakeLocal(@Nullable Instant dueAt) {
		if (dueAt != null) {
			this.wakeUps.rowDue(RecurringHeaders.TYPE_VALUE, dueAt);
		}
	}

}
