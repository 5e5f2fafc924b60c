package dev.awty.broker;

import dev.awty.testing.TestDatabases;

class PostgresKafkaDeliveryIntegrationTests extends KafkaDeliveryContractTests {

	PostgresKafkaDeliveryIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
