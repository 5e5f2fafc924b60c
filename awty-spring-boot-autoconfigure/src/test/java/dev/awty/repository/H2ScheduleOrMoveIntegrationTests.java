package dev.awty.repository;

import dev.awty.testing.TestDatabases;

/** H2 has no partial index: a computed column that is NULL unless the row is pending carries the unique key. */
class H2ScheduleOrMoveIntegrationTests extends ScheduleOrMoveContractTests {

	H2ScheduleOrMoveIntegrationTests() {
		super(TestDatabases::h2, "ALTER TABLE scheduled_test_purchase ADD COLUMN pending_purchase BIGINT"
				+ " GENERATED ALWAYS AS (CASE WHEN status = 'PENDING' THEN purchase_id END);"
				+ "CREATE UNIQUE INDEX scheduled_test_purchase_pending_key ON scheduled_test_purchase (pending_purchase)");
	}

}
