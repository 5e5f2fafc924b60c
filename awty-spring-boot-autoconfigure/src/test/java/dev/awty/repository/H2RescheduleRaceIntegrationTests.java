package dev.awty.repository;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2RescheduleRaceIntegrationTests extends RescheduleRaceContractTests {

	H2RescheduleRaceIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.LEADER);
	}

}
