package dev.awty.internal.dashboard;

import dev.awty.testing.TestDatabases;

class PostgresDashboardIntegrationTests extends DashboardContractTests {

	PostgresDashboardIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
