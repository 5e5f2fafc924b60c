package dev.awty.recurring;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresLeaderRecurringIntegrationTests extends RecurringContractTests {

	PostgresLeaderRecurringIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.LEADER);
	}

}
