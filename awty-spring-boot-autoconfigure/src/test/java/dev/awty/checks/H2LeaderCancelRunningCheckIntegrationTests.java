package dev.awty.checks;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2LeaderCancelRunningCheckIntegrationTests extends CancelRunningCheckContractTests {

	H2LeaderCancelRunningCheckIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.LEADER);
	}

}
