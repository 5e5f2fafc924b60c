package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class PostgresScheduledElsewhereIntegrationTests extends ScheduledElsewhereContractTests {

	PostgresScheduledElsewhereIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
