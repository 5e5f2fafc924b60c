package dev.awty.internal.delivery;

import javax.sql.DataSource;

import org.springframework.transaction.support.TransactionOperations;

import dev.awty.internal.history.DeliveryLogWriter;
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

}
