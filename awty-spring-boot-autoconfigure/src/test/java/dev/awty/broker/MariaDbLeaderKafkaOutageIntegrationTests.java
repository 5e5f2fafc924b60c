package dev.awty.broker;

import java.time.Duration;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbLeaderKafkaOutageIntegrationTests extends KafkaOutageContractTests {

	MariaDbLeaderKafkaOutageIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.LEADER, Duration.ofSeconds(10));
	}

}
