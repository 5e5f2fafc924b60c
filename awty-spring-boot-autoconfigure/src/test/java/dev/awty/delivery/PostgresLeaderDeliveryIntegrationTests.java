package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresLeaderDeliveryIntegrationTests extends DeliveryContractTests {

	PostgresLeaderDeliveryIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.LEADER);
	}

}
