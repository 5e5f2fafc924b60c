package dev.awty.broker;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresSkipLockedKafkaDeliveryIntegrationTests extends KafkaDeliveryContractTests {

	PostgresSkipLockedKafkaDeliveryIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.SKIP_LOCKED);
	}

}
