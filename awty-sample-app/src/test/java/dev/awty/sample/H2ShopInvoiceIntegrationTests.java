package dev.awty.sample;

import dev.awty.testing.TestDatabases;

class H2ShopInvoiceIntegrationTests extends ShopInvoiceContractTests {

	H2ShopInvoiceIntegrationTests() {
		super(TestDatabases::h2);
	}

}
