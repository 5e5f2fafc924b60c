package dev.awty.recurring;

import dev.awty.testing.TestDatabases;

class PostgresCompletedScheduleHousekeepingIntegrationTests extends CompletedScheduleHousekeepingContractTests {

	PostgresCompletedScheduleHousekeepingIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
