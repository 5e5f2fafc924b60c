package dev.awty.repository;

import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

class PostgresJoinIndexIntegrationTests extends JoinIndexContractTests {

	PostgresJoinIndexIntegrationTests() {
		super(TestDatabases::postgres);
	}

	@Override
	@Nullable String joinedTablesFirst() {
		return "CROSS JOIN LATERAL";
	}

	// The lookup of one purchase's scheduled rows has no condition on the status: a pending-only index cannot serve it.
	@Test
	void aPartialIndexOnTheJoinColumnDoesNotCountAsAnIndexOnIt() {
		jdbc().execute("CREATE INDEX scheduled_test_purchase_pending_purchase ON scheduled_test_purchase (purchase_id)"
				+ " WHERE status = 'PENDING'");

		runSelections(releaseAt().plus(Duration.ofDays(7)));

		assertThat(selectionStatements()).allSatisfy((sql) -> assertThat(sql).contains(" JOIN purchase p ON ("));
	}

}
