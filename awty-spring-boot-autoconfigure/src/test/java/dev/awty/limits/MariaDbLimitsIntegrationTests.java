package dev.awty.limits;

import dev.awty.testing.TestDatabases;

class MariaDbLimitsIntegrationTests extends LimitsContractTests {

	MariaDbLimitsIntegrationTests() {
		super(TestDatabases::mariadb,
				"CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (status, due_at)");
	}

}
