package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class PostgresShopInvoiceIntegrationTests extends ShopInvoiceContractTests {

	PostgresShopInvoiceIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
