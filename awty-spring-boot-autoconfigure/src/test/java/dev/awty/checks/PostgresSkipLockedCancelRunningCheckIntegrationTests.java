package dev.awty.checks;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresSkipLockedCancelRunningCheckIntegrationTests extends CancelRunningCheckContractTests {

	PostgresSkipLockedCancelRunningCheckIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.SKIP_LOCKED);
	}

}
