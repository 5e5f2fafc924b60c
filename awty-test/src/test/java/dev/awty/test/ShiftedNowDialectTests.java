package dev.awty.test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.awty.dialect.H2Dialect;
import dev.awty.dialect.MariaDbDialect;
import dev.awty.dialect.MySqlDialect;
import dev.awty.dialect.PostgresDialect;
import dev.awty.spi.ClaimStatement;
import dev.awty.spi.DialectSchema;
import dev.awty.spi.DialectSelections;
import dev.awty.spi.SqlDialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The seam of the test kit's movable clock: a {@link ShiftedNowDialect} moves every "now" of a dialect's statements
 * and nothing else, and it is the only way a "now" moves: the dialects themselves say exactly the database's clock.
 */
class ShiftedNowDialectTests {

	private static final String OFFSET = "(SELECT offset_millis FROM awty_test_clock WHERE id = 1)";

	/** Every way the dialects say "now". */
	private static final Pattern NOW = Pattern.compile("CURRENT_TIMESTAMP|clock_timestamp\\(\\)|UTC_TIMESTAMP\\(6\\)");

	static Stream<SqlDialect> dialects() {
		return Stream.of(new H2Dialect(), new PostgresDialect(), new MariaDbDialect(), new MySqlDialect());
	}

	@Test
	void overridesEveryMethodOfTheDialectSoThatNoneFallsBackToADefault() {
		assertThat(notOverridden(SqlDialect.class, ShiftedNowDialect.class))
			.as("SqlDialect methods ShiftedNowDialect leaves to the interface's default").isEmpty();
		assertThat(notOverridden(DialectSelections.class, ShiftedSelections.class))
			.as("DialectSelections methods ShiftedSelections leaves to the interface's default").isEmpty();
	}

	@ParameterizedTest
	@MethodSource("dialects")
	void withoutTheKitTheStatementsSayTheDatabaseClockAndNothingElse(SqlDialect dialect) {
		for (String statement : statements(dialect)) {
			assertThat(statement).doesNotContain("awty_test_clock").doesNotContain("offset");
		}
		assertThat(dialect.withDatabaseNow("SELECT CURRENT_TIMESTAMP")).doesNotContain("awty_test_clock");
	}

	@ParameterizedTest
	@MethodSource("dialects")
	void shiftedDialectMovesEveryNowOfEveryStatement(SqlDialect dialect) {
		ShiftedNowDialect shifted = new ShiftedNowDialect(dialect, OFFSET);
		List<String> plain = statements(dialect);
		List<String> moved = statements(shifted);
		int nows = 0;
		for (int i = 0; i < plain.size(); i++) {
			int plainNows = count(NOW, plain.get(i));
			nows += plainNows;
			assertThat(count(Pattern.compile(Pattern.quote(OFFSET)), moved.get(i))).as(moved.get(i)).isEqualTo(plainNows);
		}
		assertThat(nows).as("the claims, lease extensions and retries all compare with now").isGreaterThan(5);
		assertThat(shifted.withDatabaseNow("SELECT CURRENT_TIMESTAMP AS now_at")).contains(OFFSET);
		assertThat(shifted.databaseClock()).isEqualTo(dialect.databaseClock()).doesNotContain(OFFSET);
		assertThat(shifted.name()).isEqualTo(dialect.name());
		assertThat(shifted.skipsLockedRows()).isEqualTo(dialect.skipsLockedRows());
		assertThat(shifted.timestampType()).isEqualTo(dialect.timestampType());
		assertThat(shifted.schema()).isSameAs(dialect.schema());
		assertThat(shifted.wakeUps()).isSameAs(dialect.wakeUps());
		assertThat(shifted.planning()).isSameAs(dialect.planning());
		assertThat(shifted.selections().selectedRows()).isEqualTo(dialect.selections().selectedRows());
	}

	@Test
	void aDialectThatCannotShiftItsNowIsRefusedByName() {
		SqlDialect own = new OwnDialect();
		assertThatIllegalArgumentException().isThrownBy(() -> new ShiftedNowDialect(own, OFFSET))
			.withMessageContaining("The own dialect (" + OwnDialect.class.getName() + ") cannot move its clock")
			.withMessageContaining("implement SqlDialect.shiftNow");
		assertThatIllegalArgumentException().isThrownBy(() -> new ShiftedNowDialect(new H2Dialect(), " "))
			.withMessageContaining("needs the dialect to shift and an SQL expression of the milliseconds");
	}

	private static List<String> statements(SqlDialect dialect) {
		List<String> statements = new ArrayList<>();
		for (ClaimStatement claim : List.of(dialect.claimDueRows(), dialect.claimDueSchedules())) {
			if (claim instanceof ClaimStatement.SelectThenUpdate select) {
				statements.add(select.selectIds());
				statements.add(select.claimSelected());
			}
			else {
				statements.add(((ClaimStatement.Returning) claim).claim());
			}
		}
		statements.add(dialect.extendLeases());
		statements.add(dialect.recordFailedAttempt());
		statements.add(dialect.shiftPendingRows());
		statements.add(dialect.withDatabaseNow("UPDATE t SET due_at = CURRENT_TIMESTAMP WHERE claimed_until < CURRENT_TIMESTAMP"));
		return statements;
	}

	private static List<String> notOverridden(Class<?> role, Class<?> shifted) {
		List<String> missing = new ArrayList<>();
		for (Method method : role.getMethods()) {
			if (Modifier.isStatic(method.getModifiers())) {
				continue;
			}
			try {
				if (shifted.getMethod(method.getName(), method.getParameterTypes()).getDeclaringClass() != shifted) {
					missing.add(method.getName());
				}
			}
			catch (NoSuchMethodException ex) {
				missing.add(method.getName());
			}
		}
		return missing;
	}

	private static int count(Pattern pattern, String text) {
		Matcher matcher = pattern.matcher(text);
		int count = 0;
		while (matcher.find()) {
			count++;
		}
		return count;
	}

	private static final class OwnDialect implements SqlDialect {

		@Override
		public String name() {
			return "own";
		}

		@Override
		public ClaimStatement claimDueRows() {
			return ClaimStatement.returning("");
		}

		@Override
		public ClaimStatement claimDueSchedules() {
			return ClaimStatement.returning("");
		}

		@Override
		public String extendLeases() {
			return "";
		}

		@Override
		public String recordFailedAttempt() {
			return "";
		}

		@Override
		public String shiftPendingRows() {
			return "";
		}

		@Override
		public DialectSchema schema() {
			return (table) -> "";
		}

		@Override
		public boolean isTimestampWithTimeZone(int jdbcType, String typeName) {
			return true;
		}

	}

}
