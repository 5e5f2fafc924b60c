package dev.awty.broker;

import java.time.Duration;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresSkipLockedKafkaOutageIntegrationTests extends KafkaOutageContractTests {

	PostgresSkipLockedKafkaOutageIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.SKIP_LOCKED, Duration.ofSeconds(30));
	}

}
