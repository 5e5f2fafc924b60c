package dev.awty.recurring;

import dev.awty.testing.TestDatabases;

class PostgresRecurringVersionsIntegrationTests extends RecurringVersionsContractTests {

	PostgresRecurringVersionsIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
