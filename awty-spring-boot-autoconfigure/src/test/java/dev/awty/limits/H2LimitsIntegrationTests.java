package dev.awty.limits;

import dev.awty.testing.TestDatabases;

class H2LimitsIntegrationTests extends LimitsContractTests {

	H2LimitsIntegrationTests() {
		super(TestDatabases::h2, "CREATE INDEX scheduled_test_purchase_pending ON scheduled_test_purchase (status, due_at)");
	}

}
