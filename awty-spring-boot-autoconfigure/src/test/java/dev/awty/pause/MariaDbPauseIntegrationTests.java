package dev.awty.pause;

import dev.awty.testing.TestDatabases;

class MariaDbPauseIntegrationTests extends PauseContractTests {

	MariaDbPauseIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
