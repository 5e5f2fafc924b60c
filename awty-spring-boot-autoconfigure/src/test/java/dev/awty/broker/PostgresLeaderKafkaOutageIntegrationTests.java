package dev.awty.broker;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresLeaderKafkaOutageIntegrationTests extends KafkaOutageContractTests {

	PostgresLeaderKafkaOutageIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.LEADER);
	}

}
