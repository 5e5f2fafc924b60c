package dev.awty.recurring;

import dev.awty.testing.TestDatabases;

class MariaDbRecurringHistoryIntegrationTests extends RecurringHistoryContractTests {

	MariaDbRecurringHistoryIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
