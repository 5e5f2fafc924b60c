package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresLeaderLeaseIntegrationTests extends LeaseContractTests {

	PostgresLeaderLeaseIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.LEADER);
	}

}
