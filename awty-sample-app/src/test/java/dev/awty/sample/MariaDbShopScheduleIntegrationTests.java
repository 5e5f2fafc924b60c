package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class MariaDbShopScheduleIntegrationTests extends ShopScheduleContractTests {

	MariaDbShopScheduleIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
