package dev.awty.recurring;

import dev.awty.testing.TestDatabases;

class MariaDbRecurringVersionsIntegrationTests extends RecurringVersionsContractTests {

	MariaDbRecurringVersionsIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
