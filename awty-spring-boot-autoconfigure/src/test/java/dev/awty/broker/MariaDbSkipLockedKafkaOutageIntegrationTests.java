package dev.awty.broker;

import java.time.Duration;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbSkipLockedKafkaOutageIntegrationTests extends KafkaOutageContractTests {

	MariaDbSkipLockedKafkaOutageIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED, Duration.ofSeconds(10));
	}

}
