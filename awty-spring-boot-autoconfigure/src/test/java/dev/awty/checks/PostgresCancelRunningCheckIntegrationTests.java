package dev.awty.checks;

import dev.awty.testing.TestDatabases;

class PostgresCancelRunningCheckIntegrationTests extends CancelRunningCheckContractTests {

	PostgresCancelRunningCheckIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
