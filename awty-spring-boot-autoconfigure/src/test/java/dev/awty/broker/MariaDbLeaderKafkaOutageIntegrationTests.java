package dev.awty.broker;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbLeaderKafkaOutageIntegrationTests extends KafkaOutageContractTests {

	MariaDbLeaderKafkaOutageIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.LEADER);
	}

}
