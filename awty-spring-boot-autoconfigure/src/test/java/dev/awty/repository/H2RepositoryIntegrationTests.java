package dev.awty.repository;

import dev.awty.testing.TestDatabases;

class H2RepositoryIntegrationTests extends RepositoryContractTests {

	H2RepositoryIntegrationTests() {
		super(TestDatabases::h2);
	}

}
