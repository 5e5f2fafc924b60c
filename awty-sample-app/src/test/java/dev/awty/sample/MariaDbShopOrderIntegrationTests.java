package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class MariaDbShopOrderIntegrationTests extends ShopOrderContractTests {

	MariaDbShopOrderIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
