package dev.awty.datasource;

import dev.awty.testing.TestDatabases;

/** awty's tables on PostgreSQL beside a primary H2 DataSource. */
class PostgresAwtyDataSourceIntegrationTests extends AwtyDataSourceContractTests {

	PostgresAwtyDataSourceIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
