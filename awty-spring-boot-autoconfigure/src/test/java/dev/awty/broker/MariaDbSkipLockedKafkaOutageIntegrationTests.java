package dev.awty.broker;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class MariaDbSkipLockedKafkaOutageIntegrationTests extends KafkaOutageContractTests {

	MariaDbSkipLockedKafkaOutageIntegrationTests() {
		super(TestDatabases::mariadb, ClaimMode.SKIP_LOCKED);
	}

}
