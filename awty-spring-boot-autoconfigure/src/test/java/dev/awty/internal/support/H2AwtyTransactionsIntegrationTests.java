package dev.awty.internal.support;

import dev.awty.testing.TestDatabases;

class H2AwtyTransactionsIntegrationTests extends AwtyTransactionsContractTests {

	H2AwtyTransactionsIntegrationTests() {
		super(TestDatabases::h2);
	}

}
