package dev.awty.autoconfigure;

import dev.awty.testing.TestDatabases;

class H2MigrationToolIntegrationTests extends MigrationToolContractTests {

	H2MigrationToolIntegrationTests() {
		super(TestDatabases::h2);
	}

}
