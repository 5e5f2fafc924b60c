package dev.awty.jpa;

import dev.awty.testing.TestDatabases;

class PostgresJpaIntegrationTests extends JpaContractTests {

	PostgresJpaIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
