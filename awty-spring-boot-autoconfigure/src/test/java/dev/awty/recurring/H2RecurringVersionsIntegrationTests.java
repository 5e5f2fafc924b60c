package dev.awty.recurring;

import dev.awty.testing.TestDatabases;

class H2RecurringVersionsIntegrationTests extends RecurringVersionsContractTests {

	H2RecurringVersionsIntegrationTests() {
		super(TestDatabases::h2);
	}

}
