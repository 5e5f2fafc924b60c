package dev.awty.internal.recurring.web;

import dev.awty.testing.TestDatabases;

class MariaDbRecurringEndpointIntegrationTests extends RecurringEndpointContractTests {

	MariaDbRecurringEndpointIntegrationTests() {
		super(TestDatabases::mariadb);
	}

}
