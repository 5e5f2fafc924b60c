package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class MariaDbOutcomeWriterIntegrationTests extends OutcomeWriterContractTests {

	MariaDbOutcomeWriterIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
