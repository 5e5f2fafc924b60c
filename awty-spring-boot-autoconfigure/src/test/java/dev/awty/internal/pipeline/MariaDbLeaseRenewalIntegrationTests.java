package dev.awty.internal.pipeline;

import dev.awty.testing.TestDatabases;

class MariaDbLeaseRenewalIntegrationTests extends LeaseRenewalContractTests {

	MariaDbLeaseRenewalIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
