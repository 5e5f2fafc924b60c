package dev.awty.example.flyway;

import java.time.Duration;
import java.util.UUID;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.junit.jupiter.api.Test;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Flyway service with awty's starter: it starts on an empty database and again on the one it migrated, with no
 * setting for Liquibase or a Flyway baseline, and its checks alert about unshipped orders only.
 */
class OrderCheckApplicationTests {

	private final String url = "jdbc:h2:mem:orders-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	@Test
	void startsOnAnEmptyDatabaseAndAgainOnTheMigratedOneAndAlertsAboutUnshippedOrdersOnly() {
		try (ConfigurableApplicationContext first = start()) {
			Orders orders = first.getBean(Orders.class);
			long unshipped = orders.place("ada");
			long shipped = orders.place("grace");
			orders.ship(shipped);

			await().atMost(Duration.ofSeconds(10)).until(() -> pending(first) == 0);
			assertThat(first.getBean(UnshippedOrderAlerts.class).alerted()).containsExactly(unshipped);
		}
		try (ConfigurableApplicationContext restarted = start()) {
			assertThat(restarted.getBean(Flyway.class).info().applied()).extracting(MigrationInfo::getScript)
				.as("V1 applied once, on the empty database").containsExactly("V1__orders.sql");
			long unshipped = restarted.getBean(Orders.class).place("alan");

			await().atMost(Duration.ofSeconds(10))
				.until(() -> restarted.getBean(UnshippedOrderAlerts.class).alerted().contains(unshipped));
		}
	}

	private ConfigurableApplicationContext start() {
		return new SpringApplicationBuilder(OrderCheckApplication.class).web(WebApplicationType.NONE)
			.run("--spring.datasource.url=" + this.url, "--orders.alert-after=1s", "--awty.poller.poll-interval=100ms",
					"--spring.main.banner-mode=off");
	}

	private static long pending(ConfigurableApplicationContext context) {
		return context.getBean(JdbcClient.class)
			.sql("SELECT COUNT(*) FROM scheduled_unshipped_order WHERE status = 'PENDING'")
			.query(Long.class)
			.single();
	}

}
