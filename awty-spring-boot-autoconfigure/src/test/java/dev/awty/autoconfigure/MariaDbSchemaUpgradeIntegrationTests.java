package dev.awty.autoconfigure;

import dev.awty.testing.TestDatabases;

class MariaDbSchemaUpgradeIntegrationTests extends SchemaUpgradeContractTests {

	MariaDbSchemaUpgradeIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
