package dev.awty.recurring;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbSkipLockedRecurringLeaseIntegrationTests extends RecurringLeaseContractTests {

	MariaDbSkipLockedRecurringLeaseIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED);
	}

}
