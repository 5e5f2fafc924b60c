package dev.awty.delivery;

import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

class H2DeliveryIntegrationTests extends DeliveryContractTests {

	@Override
	protected TestDatabase newDatabase() {
		return TestDatabases.h2();
	}

}
