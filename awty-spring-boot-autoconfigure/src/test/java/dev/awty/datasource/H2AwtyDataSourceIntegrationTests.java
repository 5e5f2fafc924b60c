package dev.awty.datasource;

import dev.awty.testing.TestDatabases;

/** awty's tables on a second H2 database beside the primary one. */
class H2AwtyDataSourceIntegrationTests extends AwtyDataSourceContractTests {

	H2AwtyDataSourceIntegrationTests() {
		super(TestDatabases::h2);
	}

}
