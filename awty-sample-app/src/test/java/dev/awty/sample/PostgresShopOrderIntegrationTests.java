package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class PostgresShopOrderIntegrationTests extends ShopOrderContractTests {

	PostgresShopOrderIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
