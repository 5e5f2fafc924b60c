package dev.awty.broker;

import dev.awty.testing.TestDatabases;

class MariaDbRabbitDeliveryIntegrationTests extends RabbitDeliveryContractTests {

	MariaDbRabbitDeliveryIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
