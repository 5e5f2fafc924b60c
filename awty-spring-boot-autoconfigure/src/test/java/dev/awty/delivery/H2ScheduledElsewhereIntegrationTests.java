package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class H2ScheduledElsewhereIntegrationTests extends ScheduledElsewhereContractTests {

	H2ScheduledElsewhereIntegrationTests() {
		super(TestDatabases::h2);
	}

}
