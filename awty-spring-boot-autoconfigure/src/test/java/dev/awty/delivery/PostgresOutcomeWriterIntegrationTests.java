package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class PostgresOutcomeWriterIntegrationTests extends OutcomeWriterContractTests {

	PostgresOutcomeWriterIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
