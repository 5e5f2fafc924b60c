package dev.awty.limits;

import dev.awty.testing.TestDatabases;

class PostgresFrozenClaimerIntegrationTests extends FrozenClaimerContractTests {

	PostgresFrozenClaimerIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
