package dev.awty.recurring;

import dev.awty.testing.TestDatabases;

class H2RecurringHistoryIntegrationTests extends RecurringHistoryContractTests {

	H2RecurringHistoryIntegrationTests() {
		super(TestDatabases::h2);
	}

}
