package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2LeaderDeliveryIntegrationTests extends DeliveryContractTests {

	H2LeaderDeliveryIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.LEADER);
	}

}
