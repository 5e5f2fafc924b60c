package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MySqlSkipLockedDeliveryIntegrationTests extends DeliveryContractTests {

	MySqlSkipLockedDeliveryIntegrationTests() {
		super(TestDatabases::mysql, ClaimMode.SKIP_LOCKED);
	}

}
