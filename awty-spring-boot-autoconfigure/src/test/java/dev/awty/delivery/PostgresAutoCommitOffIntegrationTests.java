package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class PostgresAutoCommitOffIntegrationTests extends AutoCommitOffContractTests {

	PostgresAutoCommitOffIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
