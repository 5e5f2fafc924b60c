package dev.awty.broker;

import java.time.Duration;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresLeaderKafkaOutageIntegrationTests extends KafkaOutageContractTests {

	PostgresLeaderKafkaOutageIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.LEADER, Duration.ofSeconds(10));
	}

}
