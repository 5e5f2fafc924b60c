package dev.awty.internal.outcome;

import javax.sql.DataSource;

import org.springframework.transaction.support.TransactionOperations;

import dev.awty.ScheduledEntity;
import dev.awty.internal.checks.CheckWrites;
import dev.awty.internal.history.DeliveryLogWriter;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.support.AwtyTransactions;
import dev.awty.spi.SqlDialect;

/**
 * Where outcomes are written: the DataSource of the event tables, the history writer on it, and a
 * transaction of awty's own over it (not the application's transaction manager, which may manage another
 * resource).
 */
public record OutcomeStore(DataSource dataSource, SqlDialect dialect, DeliveryLogWriter log,
		TransactionOperations transaction) {

	public static OutcomeStore on(DataSource dataSource, SqlDialect dialect) {
		return new OutcomeStore(dataSource, dialect, new DeliveryLogWriter(dataSource, dialect),
				AwtyTransactions.on(dataSource));
	}

	/**
	 * The writer of one type's outcomes into this store.
	 * @param writes the fenced writes of the type's table: by claim token, or under the row locks of a held batch
	 */
	public <T extends ScheduledEntity> BatchWriter<T> writer(HeldRowWrites writes, CheckWrites checks,
			OutcomeSettings settings, DeliveryCounters counters) {
		String typeName = settings.typeName();
		return new BatchWriter<>(typeName,
				new OutcomeStatements<>(writes, checks, settings.onDelivered(), settings.maxAttempts(), settings.backoff(),
						settings.lease()),
				this.log, this.transaction,
				() -> new HistoryEntries(typeName, settings.history(), settings.instanceId(), settings.maxAttempts()),
				new OutcomeReport(typeName, settings.maxAttempts(), counters), settings.lease());
	}

}
