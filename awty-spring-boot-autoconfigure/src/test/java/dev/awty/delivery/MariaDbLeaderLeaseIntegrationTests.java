package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbLeaderLeaseIntegrationTests extends LeaseContractTests {

	MariaDbLeaderLeaseIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.LEADER);
	}

}
