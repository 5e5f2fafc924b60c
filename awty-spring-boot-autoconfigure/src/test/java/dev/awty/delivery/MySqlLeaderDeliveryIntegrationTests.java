package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MySqlLeaderDeliveryIntegrationTests extends DeliveryContractTests {

	MySqlLeaderDeliveryIntegrationTests() {
		super(TestDatabases::mysql, ClaimMode.LEADER);
	}

}
