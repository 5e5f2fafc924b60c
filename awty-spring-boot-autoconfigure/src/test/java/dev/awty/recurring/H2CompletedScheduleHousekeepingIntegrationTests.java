package dev.awty.recurring;

import dev.awty.testing.TestDatabases;

class H2CompletedScheduleHousekeepingIntegrationTests extends CompletedScheduleHousekeepingContractTests {

	H2CompletedScheduleHousekeepingIntegrationTests() {
		super(TestDatabases::h2);
	}

}
