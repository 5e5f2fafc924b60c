package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class PostgresPoisonRowIntegrationTests extends PoisonRowContractTests {

	PostgresPoisonRowIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
