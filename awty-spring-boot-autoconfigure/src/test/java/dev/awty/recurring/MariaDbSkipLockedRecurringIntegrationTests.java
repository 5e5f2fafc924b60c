package dev.awty.recurring;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbSkipLockedRecurringIntegrationTests extends RecurringContractTests {

	MariaDbSkipLockedRecurringIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED);
	}

}
