package dev.awty.recurring;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2LeaderRecurringIntegrationTests extends RecurringContractTests {

	H2LeaderRecurringIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.LEADER);
	}

}
