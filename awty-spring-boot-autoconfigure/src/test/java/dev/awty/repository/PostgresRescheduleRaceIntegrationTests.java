package dev.awty.repository;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresRescheduleRaceIntegrationTests extends RescheduleRaceContractTests {

	PostgresRescheduleRaceIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.SKIP_LOCKED);
	}

}
