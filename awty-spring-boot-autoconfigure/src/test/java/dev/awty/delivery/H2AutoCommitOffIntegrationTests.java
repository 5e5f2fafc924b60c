package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class H2AutoCommitOffIntegrationTests extends AutoCommitOffContractTests {

	H2AutoCommitOffIntegrationTests() {
		super(TestDatabases::h2);
	}

}
