package dev.awty.delivery;

import dev.awty.testing.TestDatabases;

class MariaDbScheduledElsewhereIntegrationTests extends ScheduledElsewhereContractTests {

	MariaDbScheduledElsewhereIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
