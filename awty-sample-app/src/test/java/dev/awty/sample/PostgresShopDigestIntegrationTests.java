package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class PostgresShopDigestIntegrationTests extends ShopDigestContractTests {

	PostgresShopDigestIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
