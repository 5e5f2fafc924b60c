package dev.awty.jpa;

import dev.awty.testing.TestDatabases;

class H2JpaIntegrationTests extends JpaContractTests {

	H2JpaIntegrationTests() {
		super(TestDatabases::h2);
	}

}
