package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbSkipLockedDeliveryIntegrationTests extends DeliveryContractTests {

	MariaDbSkipLockedDeliveryIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED);
	}

}
