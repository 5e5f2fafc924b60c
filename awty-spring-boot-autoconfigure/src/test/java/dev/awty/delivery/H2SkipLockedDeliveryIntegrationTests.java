package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2SkipLockedDeliveryIntegrationTests extends DeliveryContractTests {

	H2SkipLockedDeliveryIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.SKIP_LOCKED);
	}

}
