package dev.awty.tracing;

import dev.awty.testing.TestDatabases;

class H2TracingIntegrationTests extends TracingContractTests {

	H2TracingIntegrationTests() {
		super(TestDatabases::h2);
	}

}
