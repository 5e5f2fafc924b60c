package dev.awty.test;

import org.jspecify.annotations.Nullable;

import dev.awty.spi.ClaimStatement;
import dev.awty.spi.SqlDialect;

/**
 * One dialect's "now" moved by an SQL expression of milliseconds: each statement it is given comes back with every
 * "now" of that dialect written as "now plus the offset", through the dialect's {@link SqlDialect#shiftNow}.
 */
final class NowShift {

	private final SqlDialect dialect;

	private final String offsetMillis;

	/**
	 * @throws IllegalArgumentException if an argument is null or blank, or the dialect cannot shift its "now"
	 */
	NowShift(SqlDialect dialect, String offsetMillis) {
		if (dialect == null || offsetMillis == null || offsetMillis.isBlank()) {
			throw new IllegalArgumentException("A ShiftedNowDialect needs the dialect to shift and an SQL expression of "
					+ "the milliseconds to add to its clock, got " + dialect + " and '" + offsetMillis + "'");
		}
		if (dialect.shiftNow("CURRENT_TIMESTAMP", offsetMillis) == null) {
			throw new IllegalArgumentException("The " + dialect.name() + " dialect (" + dialect.getClass().getName()
					+ ") cannot move its clock: implement SqlDialect.shiftNow, or test without the movable clock");
		}
		this.dialect = dialect;
		this.offsetMillis = offsetMillis;
	}

	String offsetMillis() {
		return this.offsetMillis;
	}

	String shift(String statement) {
		String shifted = this.dialect.shiftNow(statement, this.offsetMillis);
		return (shifted != null) ? shifted : statement;
	}

	@Nullable String shiftNullable(@Nullable String statement) {
		return (statement != null) ? shift(statement) : null;
	}

	ClaimStatement shift(ClaimStatement statement) {
		if (statement instanceof ClaimStatement.SelectThenUpdate select) {
			return ClaimStatement.selectThenUpdate(shift(select.selectIds()), shift(select.claimSelected()));
		}
		return ClaimStatement.returning(shift(((ClaimStatement.Returning) statement).claim()));
	}

	@Nullable ClaimStatement shiftNullable(@Nullable ClaimStatement statement) {
		return (statement != null) ? shift(statement) : null;
	}

}
