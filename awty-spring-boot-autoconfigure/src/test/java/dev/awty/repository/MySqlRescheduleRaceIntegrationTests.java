package dev.awty.repository;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MySqlRescheduleRaceIntegrationTests extends RescheduleRaceContractTests {

	MySqlRescheduleRaceIntegrationTests() {
		super(TestDatabases::mysql, ClaimMode.SKIP_LOCKED);
	}

}
