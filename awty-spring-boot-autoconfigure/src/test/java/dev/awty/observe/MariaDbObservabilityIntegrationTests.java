package dev.awty.observe;

import dev.awty.testing.TestDatabases;

class MariaDbObservabilityIntegrationTests extends ObservabilityContractTests {

	MariaDbObservabilityIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
