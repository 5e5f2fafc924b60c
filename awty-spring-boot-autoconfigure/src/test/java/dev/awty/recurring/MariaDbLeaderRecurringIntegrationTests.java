package dev.awty.recurring;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbLeaderRecurringIntegrationTests extends RecurringContractTests {

	MariaDbLeaderRecurringIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.LEADER);
	}

}
