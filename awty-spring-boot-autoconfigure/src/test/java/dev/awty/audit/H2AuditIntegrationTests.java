package dev.awty.audit;

import dev.awty.testing.TestDatabases;

class H2AuditIntegrationTests extends AuditContractTests {

	H2AuditIntegrationTests() {
		super(TestDatabases::h2);
	}

}
