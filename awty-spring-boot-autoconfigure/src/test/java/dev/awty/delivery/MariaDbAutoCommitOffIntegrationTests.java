package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class MariaDbAutoCommitOffIntegrationTests extends AutoCommitOffContractTests {

	MariaDbAutoCommitOffIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
