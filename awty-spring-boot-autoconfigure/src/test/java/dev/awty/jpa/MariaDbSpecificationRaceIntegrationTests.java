package dev.awty.jpa;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbSpecificationRaceIntegrationTests extends SpecificationRaceContractTests {

	MariaDbSpecificationRaceIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED);
	}

}
