package dev.awty.internal.dashboard;

import dev.awty.testing.TestDatabases;

class MariaDbDashboardIntegrationTests extends DashboardContractTests {

	MariaDbDashboardIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
