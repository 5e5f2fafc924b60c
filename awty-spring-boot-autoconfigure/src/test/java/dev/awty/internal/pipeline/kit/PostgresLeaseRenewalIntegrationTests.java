package dev.awty.internal.pipeline.kit;

import dev.awty.testing.TestDatabases;

class PostgresLeaseRenewalIntegrationTests extends LeaseRenewalContractTests {

	PostgresLeaseRenewalIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
