package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2SkipLockedLeaseIntegrationTests extends LeaseContractTests {

	H2SkipLockedLeaseIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.SKIP_LOCKED);
	}

}
