package dev.awty.broker;

import dev.awty.testing.TestDatabases;

class PostgresRabbitDeliveryIntegrationTests extends RabbitDeliveryContractTests {

	PostgresRabbitDeliveryIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
