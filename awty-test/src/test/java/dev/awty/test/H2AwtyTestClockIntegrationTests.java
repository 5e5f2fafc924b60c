package dev.awty.test;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.awty.testing.TestDatabases;

class H2AwtyTestClockIntegrationTests extends AwtyTestClockContractTests {

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		useDatabase(registry, TestDatabases::h2);
	}

}
