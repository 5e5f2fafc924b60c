package dev.awty.recurring;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2LeaderRecurringLeaseIntegrationTests extends RecurringLeaseContractTests {

	H2LeaderRecurringLeaseIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.LEADER);
	}

}
