package dev.awty.repository;

import org.jspecify.annotations.Nullable;

import dev.awty.testing.TestDatabases;

class MariaDbJoinIndexIntegrationTests extends JoinIndexContractTests {

	MariaDbJoinIndexIntegrationTests() {
		super(TestDatabases::mariadb);
	}

	@Override
	@Nullable String joinedTablesFirst() {
		return "STRAIGHT_JOIN";
	}

}
