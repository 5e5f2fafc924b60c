package dev.awty.autoconfigure;

import dev.awty.testing.TestDatabases;

class H2SchemaUpgradeIntegrationTests extends SchemaUpgradeContractTests {

	H2SchemaUpgradeIntegrationTests() {
		super(TestDatabases::h2);
	}

}
