package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class H2ShopDigestIntegrationTests extends ShopDigestContractTests {

	H2ShopDigestIntegrationTests() {
		super(TestDatabases::h2);
	}

}
