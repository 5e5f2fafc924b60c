package dev.awty.pause;

import dev.awty.testing.TestDatabases;

class PostgresPauseIntegrationTests extends PauseContractTests {

	PostgresPauseIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
