package dev.awty.checks;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbSkipLockedCheckIntegrationTests extends CheckContractTests {

	MariaDbSkipLockedCheckIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED);
	}

}
