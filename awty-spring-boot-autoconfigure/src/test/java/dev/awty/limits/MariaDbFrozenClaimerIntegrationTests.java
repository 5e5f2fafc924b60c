package dev.awty.limits;

import dev.awty.testing.TestDatabases;

class MariaDbFrozenClaimerIntegrationTests extends FrozenClaimerContractTests {

	MariaDbFrozenClaimerIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
