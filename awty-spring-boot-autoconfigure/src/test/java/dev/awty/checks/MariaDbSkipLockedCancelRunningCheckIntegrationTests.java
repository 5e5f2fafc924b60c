package dev.awty.checks;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbSkipLockedCancelRunningCheckIntegrationTests extends CancelRunningCheckContractTests {

	MariaDbSkipLockedCancelRunningCheckIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED);
	}

}
