package dev.awty.internal.recurring.web;

import dev.awty.testing.TestDatabases;

class PostgresRecurringEndpointIntegrationTests extends RecurringEndpointContractTests {

	PostgresRecurringEndpointIntegrationTests() {
		super(TestDatabases::postgres);
	}

}
