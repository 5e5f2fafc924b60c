package dev.awty.history;

import dev.awty.testing.TestDatabases;

class MariaDbHistoryIntegrationTests extends HistoryContractTests {

	MariaDbHistoryIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
