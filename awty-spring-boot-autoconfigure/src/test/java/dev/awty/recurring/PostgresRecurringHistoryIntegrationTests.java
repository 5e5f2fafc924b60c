package dev.awty.recurring;

import dev.awty.testing.TestDatabases;

class PostgresRecurringHistoryIntegrationTests extends RecurringHistoryContractTests {

	PostgresRecurringHistoryIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
