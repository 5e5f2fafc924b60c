package dev.awty.repository;

import dev.awty.testing.TestDatabases;

class MariaDbRepositoryIntegrationTests extends RepositoryContractTests {

	MariaDbRepositoryIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
