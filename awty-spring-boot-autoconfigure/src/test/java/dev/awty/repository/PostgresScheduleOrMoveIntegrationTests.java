package dev.awty.repository;

import dev.awty.testing.TestDatabases;

class PostgresScheduleOrMoveIntegrationTests extends ScheduleOrMoveContractTests {

	PostgresScheduleOrMoveIntegrationTests() {
		super(TestDatabases::postgres, "CREATE UNIQUE INDEX scheduled_test_purchase_pending_key"
				+ " ON scheduled_test_purchase (purchase_id) WHERE status = 'PENDING'");
	}

}
