package dev.awty.observe;

import dev.awty.testing.TestDatabases;

class PostgresObservabilityIntegrationTests extends ObservabilityContractTests {

	PostgresObservabilityIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
