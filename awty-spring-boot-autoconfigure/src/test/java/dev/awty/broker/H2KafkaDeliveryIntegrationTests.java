package dev.awty.broker;

import dev.awty.testing.TestDatabases;

class H2KafkaDeliveryIntegrationTests extends KafkaDeliveryContractTests {

	H2KafkaDeliveryIntegrationTests() {
		super(TestDatabases::h2);
	}

}
