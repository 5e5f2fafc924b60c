package dev.awty.broker;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbSkipLockedKafkaDeliveryIntegrationTests extends KafkaDeliveryContractTests {

	MariaDbSkipLockedKafkaDeliveryIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED);
	}

}
