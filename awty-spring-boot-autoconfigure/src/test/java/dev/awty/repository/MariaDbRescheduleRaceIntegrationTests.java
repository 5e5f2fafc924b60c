package dev.awty.repository;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbRescheduleRaceIntegrationTests extends RescheduleRaceContractTests {

	MariaDbRescheduleRaceIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED);
	}

}
