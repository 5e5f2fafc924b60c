package dev.awty.dialect;

import java.util.List;

import dev.awty.spi.DialectPlanning;

/**
 * MySQL's and MariaDB's statements run first in a transaction: only the bounds of a limited type's turn, which are
 * session settings on these databases and so are put back once the transaction ended. Their plans need no help.
 */
final class MySqlFamilyPlanning implements DialectPlanning {

	private final List<String> boundTransaction;

	private final List<String> unboundSession;

	/**
	 * @param boundTransaction keeps the session's own values and sets the bounds ({@code %2$d}: whole seconds)
	 * @param unboundSession puts the session's own values back
	 */
	MySqlFamilyPlanning(String boundTransaction, String unboundSession) {
		this.boundTransaction = List.of(boundTransaction);
		this.unboundSession = List.of(unboundSession);
	}

	@Override
	public List<String> boundTransaction() {
		return this.boundTransaction;
	}

	@Override
	public List<String> unboundSession() {
		return this.unboundSession;
	}

}
