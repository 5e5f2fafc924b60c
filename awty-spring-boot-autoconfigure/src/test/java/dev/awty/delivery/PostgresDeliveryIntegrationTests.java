package dev.awty.delivery;

import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;

class PostgresDeliveryIntegrationTests extends DeliveryContractTests {

	@Override
	protected TestDatabase newDatabase() {
		return TestDatabases.postgres();
	}

}
