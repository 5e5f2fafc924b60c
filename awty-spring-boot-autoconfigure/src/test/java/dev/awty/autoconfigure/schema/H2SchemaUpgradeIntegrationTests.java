package dev.awty.autoconfigure.schema;

import dev.awty.testing.TestDatabases;

class H2SchemaUpgradeIntegrationTests extends SchemaUpgradeContractTests {

	H2SchemaUpgradeIntegrationTests() {
		super(TestDatabases::h2);
	}

}
