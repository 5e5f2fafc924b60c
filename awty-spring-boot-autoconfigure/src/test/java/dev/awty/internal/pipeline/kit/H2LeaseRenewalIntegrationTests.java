package dev.awty.internal.pipeline.kit;

import dev.awty.testing.TestDatabases;

class H2LeaseRenewalIntegrationTests extends LeaseRenewalContractTests {

	H2LeaseRenewalIntegrationTests() {
		super(TestDatabases::h2);
	}

}
