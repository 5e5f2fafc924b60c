package dev.awty.observe;

import dev.awty.testing.TestDatabases;

class H2ObservabilityIntegrationTests extends ObservabilityContractTests {

	H2ObservabilityIntegrationTests() {
		super(TestDatabases::h2);
	}

}
