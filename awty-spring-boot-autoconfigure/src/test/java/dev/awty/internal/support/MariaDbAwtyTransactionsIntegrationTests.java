package dev.awty.internal.support;

import dev.awty.testing.TestDatabases;

class MariaDbAwtyTransactionsIntegrationTests extends AwtyTransactionsContractTests {

	MariaDbAwtyTransactionsIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
