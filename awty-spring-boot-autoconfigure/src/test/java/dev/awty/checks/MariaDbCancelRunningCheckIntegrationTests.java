package dev.awty.checks;

import dev.awty.testing.TestDatabases;

class MariaDbCancelRunningCheckIntegrationTests extends CancelRunningCheckContractTests {

	MariaDbCancelRunningCheckIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
