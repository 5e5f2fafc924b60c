package dev.awty.checks;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2LeaderCheckIntegrationTests extends CheckContractTests {

	H2LeaderCheckIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.LEADER);
	}

}
