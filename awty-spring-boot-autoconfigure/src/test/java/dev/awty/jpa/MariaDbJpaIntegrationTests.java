package dev.awty.jpa;

import dev.awty.testing.TestDatabases;

class MariaDbJpaIntegrationTests extends JpaContractTests {

	MariaDbJpaIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
