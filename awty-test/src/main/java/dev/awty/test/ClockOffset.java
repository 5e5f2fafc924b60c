package dev.awty.test;

import java.time.Duration;

import javax.sql.DataSource;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * How far the test clock is ahead of the database's own: one row of a table the kit creates in the application's
 * schema. awty's statements read it by a scalar sub-select wherever they say "now" ({@link #EXPRESSION}), so that
 * statements prepared once at start-up follow every move, and every application context on the same database sees the
 * same "now".
 */
final class ClockOffset {

	static final String TABLE = "awty_test_clock";

	/** What awty's statements add to the database's clock, in milliseconds. */
	static final String EXPRESSION = "(SELECT offset_millis FROM " + TABLE + " WHERE id = 1)";

	private static final String CREATE_TABLE = """
			CREATE TABLE IF NOT EXISTS awty_test_clock (id INT NOT NULL PRIMARY KEY, offset_millis BIGINT NOT NULL)""";

	private static final String COUNT = "SELECT COUNT(*) FROM awty_test_clock WHERE id = 1";

	private static final String INSERT_ZERO = "INSERT INTO awty_test_clock (id, offset_millis) VALUES (1, 0)";

	private static final String READ = "SELECT offset_millis FROM awty_test_clock WHERE id = 1";

	private static final String ADD = "UPDATE awty_test_clock SET offset_millis = offset_millis + :millis WHERE id = 1";

	private final JdbcClient jdbc;

	/** Commits each write itself: the pool may not auto-commit. */
	private final TransactionTemplate transaction;

	/** Creates the table with an offset of zero unless it is there (another context on the database made it). */
	ClockOffset(DataSource dataSource) {
		this.jdbc = JdbcClient.create(dataSource);
		this.transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
		this.transaction.executeWithoutResult((status) -> this.jdbc.sql(CREATE_TABLE).update());
		try {
			this.transaction.executeWithoutResult((status) -> {
				if (this.jdbc.sql(COUNT).query(Long.class).single() == 0) {
					this.jdbc.sql(INSERT_ZERO).update();
				}
			});
		}
		catch (DataIntegrityViolationException ex) {
			// another context on the same database inserted it first
		}
	}

	Duration read() {
		return Duration.ofMillis(this.jdbc.sql(READ).query(Long.class).single());
	}

	/** Adds {@code duration} and returns the offset it made. */
	Duration add(Duration duration) {
		return this.transaction.execute((status) -> {
			this.jdbc.sql(ADD).param("millis", duration.toMillis()).update();
			return read();
		});
	}

}
