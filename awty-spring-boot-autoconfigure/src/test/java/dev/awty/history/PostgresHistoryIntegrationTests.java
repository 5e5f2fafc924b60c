package dev.awty.history;

import dev.awty.testing.TestDatabases;

class PostgresHistoryIntegrationTests extends HistoryContractTests {

	PostgresHistoryIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
