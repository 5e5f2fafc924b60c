package dev.awty.repository;

import dev.awty.testing.TestDatabases;

class PostgresRepositoryIntegrationTests extends RepositoryContractTests {

	PostgresRepositoryIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
