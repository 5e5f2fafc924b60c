package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class PostgresShopScheduleIntegrationTests extends ShopScheduleContractTests {

	PostgresShopScheduleIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
