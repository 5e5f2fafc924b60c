package dev.awty.jpa;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresSpecificationRaceIntegrationTests extends SpecificationRaceContractTests {

	PostgresSpecificationRaceIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.SKIP_LOCKED);
	}

}
