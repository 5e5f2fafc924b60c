package dev.awty.audit;

import dev.awty.testing.TestDatabases;

class MariaDbAuditIntegrationTests extends AuditContractTests {

	MariaDbAuditIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
