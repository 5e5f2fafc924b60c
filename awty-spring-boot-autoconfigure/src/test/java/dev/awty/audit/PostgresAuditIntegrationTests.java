package dev.awty.audit;

import dev.awty.testing.TestDatabases;

class PostgresAuditIntegrationTests extends AuditContractTests {

	PostgresAuditIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
