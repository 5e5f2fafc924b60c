package dev.awty.repository;

import dev.awty.testing.TestDatabases;

/** No partial index: a stored generated column that is NULL unless the row is pending carries the unique key. */
class MySqlScheduleOrMoveIntegrationTests extends ScheduleOrMoveContractTests {

	MySqlScheduleOrMoveIntegrationTests() {
		super(TestDatabases::mysql, "ALTER TABLE scheduled_test_purchase ADD COLUMN pending_purchase BIGINT"
				+ " GENERATED ALWAYS AS (CASE WHEN status = 'PENDING' THEN purchase_id END) STORED;"
				+ "CREATE UNIQUE INDEX scheduled_test_purchase_pending_key ON scheduled_test_purchase (pending_purchase)");
	}

}
