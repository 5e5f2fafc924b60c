package dev.awty.broker;

import java.time.Duration;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresSkipLockedRabbitDeliveryIntegrationTests extends RabbitDeliveryContractTests {

	PostgresSkipLockedRabbitDeliveryIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.SKIP_LOCKED, Duration.ofSeconds(30));
	}

}
