package dev.awty.internal.pipeline;

import dev.awty.testing.TestDatabases;

class PostgresLeaseRenewalIntegrationTests extends LeaseRenewalContractTests {

	PostgresLeaseRenewalIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
