package dev.awty.internal.claim;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A claimed row that could not be read into its event class (a NULL in a primitive field, a value its field's
 * type cannot hold): it is failed on its own, as an attempt, instead of failing the batch it was claimed with.
 *
 * @param id the row id
 * @param attempts the attempts made before this claim
 * @param error why it could not be read
 */
public record UnreadableRow(long id, int attempts, String error) {

	static UnreadableRow of(ResultSet rs, Class<?> eventClass, Exception failure) throws SQLException {
		int attempts;
		try {
			attempts = rs.getInt("attempts");
		}
		catch (SQLException | RuntimeException ex) {
			attempts = 0;
		}
		return new UnreadableRow(rs.getLong("id"), attempts, "Row could not be read into " + eventClass.getName()
				+ ": " + failure.getClass().getSimpleName() + ": " + failure.getMessage());
	}

}
