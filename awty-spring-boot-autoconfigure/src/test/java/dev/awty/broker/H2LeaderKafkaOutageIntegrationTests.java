package dev.awty.broker;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class H2LeaderKafkaOutageIntegrationTests extends KafkaOutageContractTests {

	H2LeaderKafkaOutageIntegrationTests() {
		super(TestDatabases::h2, ClaimMode.LEADER);
	}

}
