package dev.awty.spi;

/**
 * How a database claims due rows of one table: in one statement that claims and returns them, or, where the
 * database cannot update rows and return them in one statement, a select that locks the ids to claim followed by
 * an update that claims those ids. awty runs either shape in one transaction of its own. Each statement is a
 * template with the table as {@code %1$s}, filled once with a validated name, and named parameters.
 */
public sealed interface ClaimStatement permits ClaimStatement.Returning, ClaimStatement.SelectThenUpdate {

	/**
	 * One statement that claims the rows and returns them.
	 * @param claim sets {@code claimed_by = :claimer} and {@code claimed_until} to now plus {@code :leaseMillis} on
	 * the rows it selects, and returns every column of each claimed row
	 */
	static ClaimStatement returning(String claim) {
		return new Returning(claim);
	}

	/**
	 * A select of the ids to claim, then an update that claims them; awty then reads the claimed rows back.
	 * @param selectIds returns the {@code id} of each row to claim, locked until the transaction ends
	 * @param claimSelected sets {@code claimed_by = :claimer} and {@code claimed_until} to now plus
	 * {@code :leaseMillis} where {@code id IN (:ids)}
	 */
	static ClaimStatement selectThenUpdate(String selectIds, String claimSelected) {
		return new SelectThenUpdate(selectIds, claimSelected);
	}

	/** The claim of a database with {@code UPDATE … RETURNING} or an equivalent. */
	record Returning(String claim) implements ClaimStatement {
	}

	/** The claim of a database that cannot update rows and return them in one statement. */
	record SelectThenUpdate(String selectIds, String claimSelected) implements ClaimStatement {
	}

}
