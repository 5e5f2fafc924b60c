package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class PostgresScaleOutIntegrationTests extends ScaleOutContractTests {

	PostgresScaleOutIntegrationTests() {
		super(TestDatabases::postgres,
				"CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (due_at) WHERE status = 'PENDING'",
				"INSERT INTO scheduled_test_purchase (purchase_id, due_at) SELECT n, CURRENT_TIMESTAMP FROM generate_series(1, ?) AS n");
	}

}
