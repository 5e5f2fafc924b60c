package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2LeaderLeaseIntegrationTests extends LeaseContractTests {

	H2LeaderLeaseIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.LEADER);
	}

}
