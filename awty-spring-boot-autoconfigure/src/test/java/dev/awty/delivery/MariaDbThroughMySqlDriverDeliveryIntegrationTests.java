package dev.awty.delivery;

import dev.awty.ClaimMode;
import dev.awty.testing.TestDatabases;

/** MySQL's driver (mysql-connector-j) on the MariaDB server: the driver, not MySQL the server, is what this proves. */
class MariaDbThroughMySqlDriverDeliveryIntegrationTests extends DeliveryContractTests {

	MariaDbThroughMySqlDriverDeliveryIntegrationTests() {
		super(TestDatabases::mariadbThroughMySqlDriver, ClaimMode.SKIP_LOCKED);
	}

}
