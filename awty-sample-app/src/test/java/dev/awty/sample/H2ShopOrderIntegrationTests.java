package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class H2ShopOrderIntegrationTests extends ShopOrderContractTests {

	H2ShopOrderIntegrationTests() {
		super(TestDatabases::h2);
	}

}
