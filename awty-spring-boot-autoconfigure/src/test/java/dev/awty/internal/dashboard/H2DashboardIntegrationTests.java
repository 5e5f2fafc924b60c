package dev.awty.internal.dashboard;

import dev.awty.testing.TestDatabases;

class H2DashboardIntegrationTests extends DashboardContractTests {

	H2DashboardIntegrationTests() {
		super(TestDatabases::h2);
	}

}
