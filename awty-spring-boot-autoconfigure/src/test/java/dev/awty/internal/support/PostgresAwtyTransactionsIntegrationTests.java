package dev.awty.internal.support;

import dev.awty.testing.TestDatabases;

class PostgresAwtyTransactionsIntegrationTests extends AwtyTransactionsContractTests {

	PostgresAwtyTransactionsIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
