package dev.awty.recurring;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresSkipLockedRecurringIntegrationTests extends RecurringContractTests {

	PostgresSkipLockedRecurringIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.SKIP_LOCKED);
	}

}
