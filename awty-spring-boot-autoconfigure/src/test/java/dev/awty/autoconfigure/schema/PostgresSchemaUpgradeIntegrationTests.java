package dev.awty.autoconfigure.schema;

import dev.awty.testing.TestDatabases;

class PostgresSchemaUpgradeIntegrationTests extends SchemaUpgradeContractTests {

	PostgresSchemaUpgradeIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
