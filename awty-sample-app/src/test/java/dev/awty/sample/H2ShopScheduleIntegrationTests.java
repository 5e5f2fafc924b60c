package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class H2ShopScheduleIntegrationTests extends ShopScheduleContractTests {

	H2ShopScheduleIntegrationTests() {
		super(TestDatabases::h2);
	}

}
