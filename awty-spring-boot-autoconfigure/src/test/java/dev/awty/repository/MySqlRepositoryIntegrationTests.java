package dev.awty.repository;

import dev.awty.testing.TestDatabases;

class MySqlRepositoryIntegrationTests extends RepositoryContractTests {

	MySqlRepositoryIntegrationTests() {
		super(TestDatabases::mysql);
	}

}
