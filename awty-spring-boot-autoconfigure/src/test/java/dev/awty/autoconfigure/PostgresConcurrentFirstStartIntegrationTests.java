package dev.awty.autoconfigure;

import dev.awty.testing.TestDatabases;

class PostgresConcurrentFirstStartIntegrationTests extends ConcurrentFirstStartContractTests {

	PostgresConcurrentFirstStartIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
