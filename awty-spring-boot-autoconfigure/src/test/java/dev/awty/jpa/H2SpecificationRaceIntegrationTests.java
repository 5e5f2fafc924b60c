package dev.awty.jpa;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2SpecificationRaceIntegrationTests extends SpecificationRaceContractTests {

	H2SpecificationRaceIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.LEADER);
	}

}
