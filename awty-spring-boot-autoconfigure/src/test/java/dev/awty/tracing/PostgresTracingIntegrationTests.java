package dev.awty.tracing;

import dev.awty.testing.TestDatabases;

class PostgresTracingIntegrationTests extends TracingContractTests {

	PostgresTracingIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
