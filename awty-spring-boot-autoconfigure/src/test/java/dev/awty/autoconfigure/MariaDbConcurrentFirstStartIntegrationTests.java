package dev.awty.autoconfigure;

import dev.awty.testing.TestDatabases;

class MariaDbConcurrentFirstStartIntegrationTests extends ConcurrentFirstStartContractTests {

	MariaDbConcurrentFirstStartIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
