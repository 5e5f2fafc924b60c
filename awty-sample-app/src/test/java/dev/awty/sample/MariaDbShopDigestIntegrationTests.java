package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class MariaDbShopDigestIntegrationTests extends ShopDigestContractTests {

	MariaDbShopDigestIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
