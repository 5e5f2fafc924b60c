package dev.awty.pause;

import dev.awty.testing.TestDatabases;

class H2PauseIntegrationTests extends PauseContractTests {

	H2PauseIntegrationTests() {
		super(TestDatabases::h2);
	}

}
