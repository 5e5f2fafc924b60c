package dev.awty.autoconfigure;

import dev.awty.testing.TestDatabases;

class MariaDbMigrationToolIntegrationTests extends MigrationToolContractTests {

	MariaDbMigrationToolIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
