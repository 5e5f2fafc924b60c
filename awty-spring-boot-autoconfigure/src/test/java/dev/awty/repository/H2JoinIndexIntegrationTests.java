package dev.awty.repository;

import org.jspecify.annotations.Nullable;

import dev.awty.testing.TestDatabases;

class H2JoinIndexIntegrationTests extends JoinIndexContractTests {

	H2JoinIndexIntegrationTests() {
		super(TestDatabases::h2);
	}

	@Override
	@Nullable String joinedTablesFirst() {
		return null;
	}

}
