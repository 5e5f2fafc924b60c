package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class MariaDbPoisonRowIntegrationTests extends PoisonRowContractTests {

	MariaDbPoisonRowIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
