package dev.awty.checks;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

class PostgresSkipLockedCheckIntegrationTests extends CheckContractTests {

	PostgresSkipLockedCheckIntegrationTests() {
		super(TestDatabases::postgres, ClaimMode.SKIP_LOCKED);
	}

}
