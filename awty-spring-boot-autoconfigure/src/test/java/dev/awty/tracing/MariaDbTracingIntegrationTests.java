package dev.awty.tracing;

import dev.awty.testing.TestDatabases;

class MariaDbTracingIntegrationTests extends TracingContractTests {

	MariaDbTracingIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
