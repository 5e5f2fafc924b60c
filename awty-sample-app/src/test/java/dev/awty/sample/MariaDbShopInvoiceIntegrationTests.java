package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class MariaDbShopInvoiceIntegrationTests extends ShopInvoiceContractTests {

	MariaDbShopInvoiceIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
