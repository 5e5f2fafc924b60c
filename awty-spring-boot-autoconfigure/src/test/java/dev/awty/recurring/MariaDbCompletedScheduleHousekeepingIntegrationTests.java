package dev.awty.recurring;

import dev.awty.testing.TestDatabases;

class MariaDbCompletedScheduleHousekeepingIntegrationTests extends CompletedScheduleHousekeepingContractTests {

	MariaDbCompletedScheduleHousekeepingIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
