package dev.awty.autoconfigure;

import dev.awty.testing.TestDatabases;

class PostgresSchemaUpgradeIntegrationTests extends SchemaUpgradeContractTests {

	PostgresSchemaUpgradeIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
