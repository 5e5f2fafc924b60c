package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class H2PoisonRowIntegrationTests extends PoisonRowContractTests {

	H2PoisonRowIntegrationTests() {
		super(TestDatabases::h2);
	}

}
