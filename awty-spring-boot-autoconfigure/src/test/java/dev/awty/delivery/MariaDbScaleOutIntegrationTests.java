package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class MariaDbScaleOutIntegrationTests extends ScaleOutContractTests {

	MariaDbScaleOutIntegrationTests() {
		super(TestDatabases::mariadb, "CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (status, due_at)",
				// seq_1_to_1000000 is a table of MariaDB's built-in sequence engine
				"INSERT INTO scheduled_test_purchase (purchase_id, due_at)"
						+ " SELECT seq, UTC_TIMESTAMP(6) FROM seq_1_to_1000000 WHERE seq <= ?");
	}

}
