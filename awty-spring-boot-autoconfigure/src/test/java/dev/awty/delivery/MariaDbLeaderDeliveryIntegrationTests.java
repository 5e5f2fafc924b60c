package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbLeaderDeliveryIntegrationTests extends DeliveryContractTests {

	MariaDbLeaderDeliveryIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.LEADER);
	}

}
