package dev.awty.history;

import dev.awty.testing.TestDatabases;

class H2HistoryIntegrationTests extends HistoryContractTests {

	H2HistoryIntegrationTests() {
		super(TestDatabases::h2);
	}

}
