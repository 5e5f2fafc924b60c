package dev.awty.autoconfigure;

import dev.awty.testing.TestDatabases;

class PostgresMigrationToolIntegrationTests extends MigrationToolContractTests {

	PostgresMigrationToolIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
