package dev.awty.autoconfigure.properties;

import org.jspecify.annotations.Nullable;

/**
 * Which database awty writes SQL for, under {@code awty.database.*}.
 */
public class AwtyDatabaseProperties {

	/**
	 * SQL dialect to use instead of detecting it from the DataSource: postgresql, h2, mariadb or mysql.
	 */
	private @Nullable String dialect;

	/**
	 * What a schedule or selection call does when it runs inside a transaction of another DataSource, where its row
	 * would commit on its own: fail, or warn once per transaction name and go on.
	 */
	private OtherTransaction otherTransaction = OtherTransaction.FAIL;

	public @Nullable String getDialect() {
		return this.dialect;
	}

	public void setDialect(@Nullable String dialect) {
		this.dialect = dialect;
	}

	public OtherTransaction getOtherTransaction() {
		return this.otherTransaction;
	}

	public void setOtherTransaction(OtherTransaction otherTransaction) {
		this.otherTransaction = otherTransaction;
	}

	/** What awty does when called inside a transaction that does not hold its DataSource. */
	public enum OtherTransaction {

		/** Throw an {@code IllegalTransactionStateException} naming the transaction manager to use. */
		FAIL,

		/** Log a warning once per transaction name and write the row anyway, committed on its own. */
		WARN

	}

}
