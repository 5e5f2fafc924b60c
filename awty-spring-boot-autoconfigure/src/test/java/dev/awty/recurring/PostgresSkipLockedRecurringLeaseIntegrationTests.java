package dev.awty.recurring;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresSkipLockedRecurringLeaseIntegrationTests extends RecurringLeaseContractTests {

	PostgresSkipLockedRecurringLeaseIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.SKIP_LOCKED);
	}

}
