package dev.awty.internal.pipeline.kit;

import dev.awty.testing.TestDatabases;

class MariaDbLeaseRenewalIntegrationTests extends LeaseRenewalContractTests {

	MariaDbLeaseRenewalIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
