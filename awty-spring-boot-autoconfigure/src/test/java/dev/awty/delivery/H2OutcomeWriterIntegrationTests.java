package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class H2OutcomeWriterIntegrationTests extends OutcomeWriterContractTests {

	H2OutcomeWriterIntegrationTests() {
		super(TestDatabases::h2);
	}

}
