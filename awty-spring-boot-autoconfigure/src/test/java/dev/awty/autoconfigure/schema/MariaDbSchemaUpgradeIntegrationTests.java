package dev.awty.autoconfigure.schema;

import dev.awty.testing.TestDatabases;

class MariaDbSchemaUpgradeIntegrationTests extends SchemaUpgradeContractTests {

	MariaDbSchemaUpgradeIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
