package dev.awty.broker;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2SkipLockedKafkaDeliveryIntegrationTests extends KafkaDeliveryContractTests {

	H2SkipLockedKafkaDeliveryIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.SKIP_LOCKED);
	}

}
