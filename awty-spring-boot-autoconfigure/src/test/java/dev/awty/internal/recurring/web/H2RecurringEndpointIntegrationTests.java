package dev.awty.internal.recurring.web;

import dev.awty.testing.TestDatabases;

class H2RecurringEndpointIntegrationTests extends RecurringEndpointContractTests {

	H2RecurringEndpointIntegrationTests() {
		super(TestDatabases::h2);
	}

}
