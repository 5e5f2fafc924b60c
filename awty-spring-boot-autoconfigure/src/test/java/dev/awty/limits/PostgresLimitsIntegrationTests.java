package dev.awty.limits;

import dev.awty.testing.TestDatabases;

class PostgresLimitsIntegrationTests extends LimitsContractTests {

	PostgresLimitsIntegrationTests() {
		super(TestDatabases::postgres,
				"CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (due_at) WHERE status = 'PENDING'");
	}

}
