package dev.awty.autoconfigure;

import dev.awty.testing.TestDatabases;

class H2ConcurrentFirstStartIntegrationTests extends ConcurrentFirstStartContractTests {

	H2ConcurrentFirstStartIntegrationTests() {
		super(TestDatabases::h2);
	}

}
