package dev.awty.broker;

import dev.awty.testing.TestDatabases;

class MariaDbKafkaDeliveryIntegrationTests extends KafkaDeliveryContractTests {

	MariaDbKafkaDeliveryIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
