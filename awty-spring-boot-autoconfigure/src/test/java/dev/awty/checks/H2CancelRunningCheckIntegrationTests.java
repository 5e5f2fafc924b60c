package dev.awty.checks;

import dev.awty.testing.TestDatabases;

class H2CancelRunningCheckIntegrationTests extends CancelRunningCheckContractTests {

	H2CancelRunningCheckIntegrationTests() {
		super(TestDatabases::h2);
	}

}
