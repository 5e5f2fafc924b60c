package dev.awty.broker;

import dev.awty.testing.TestDatabases;

class H2RabbitDeliveryIntegrationTests extends RabbitDeliveryContractTests {

	H2RabbitDeliveryIntegrationTests() {
		super(TestDatabases::h2);
	}

}
