package dev.awty.example.twodatasources;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.EventScheduler;
import dev.awty.ScheduledTableException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The two-DataSource service of docs/two-datasources.md as a user runs it: Flyway migrates the orders database only,
 * awty keeps its tables there, an order and its reminder commit or roll back together in the orders transaction
 * manager's transaction, and a schedule made inside the primary DataSource's transaction is refused with the
 * transaction manager to use, or, with the property set to warn, written on its own and logged; a table missing from
 * the orders database fails start-up naming that DataSource.
 */
@ExtendWith(OutputCaptureExtension.class)
class ShippingApplicationTests {

	private final String run = UUID.randomUUID().toString();

	@Test
	void flywayMigratesTheOrdersDatabaseWhereAwtyKeepsItsTablesAndTheCatalogIsLeftAlone() {
		try (ConfigurableApplicationContext context = start()) {
			assertThat(tables(context, "ordersDataSource")).contains("flyway_schema_history", "SHOP_ORDER",
					"SCHEDULED_SHIPMENT_REMINDER", "AWTY_DELIVERY_LOG");
			assertThat(tables(context, "catalogDataSource")).doesNotContain("flyway_schema_history",
					"AWTY_DELIVERY_LOG", "SCHEDULED_SHIPMENT_REMINDER");
		}
	}

	@Test
	void anOrderAndItsReminderCommitTogetherAndTheReminderIsDelivered() {
		try (ConfigurableApplicationContext context = start()) {
			long orderId = context.getBean(Orders.class).place("turntable", Instant.now());

			await().atMost(Duration.ofSeconds(10))
				.until(() -> context.getBean(Warehouse.class).remindedOrders().contains(orderId));
			assertThat(count(context, "SELECT COUNT(*) FROM scheduled_shipment_reminder WHERE status = 'DELIVERED'"))
				.isEqualTo(1);
		}
	}

	@Test
	void aReminderScheduledInTheOrdersTransactionIsRolledBackWithIt() {
		try (ConfigurableApplicationContext context = start()) {
			TransactionTemplate orders = new TransactionTemplate(
					context.getBean("ordersTransactionManager", PlatformTransactionManager.class));

			orders.executeWithoutResult((status) -> {
				context.getBean(Orders.class).place("record player", Instant.now().plusSeconds(3600));
				status.setRollbackOnly();
			});

			assertThat(count(context, "SELECT COUNT(*) FROM shop_order")).isZero();
			assertThat(count(context, "SELECT COUNT(*) FROM scheduled_shipment_reminder")).isZero();
		}
	}

	@Test
	void aScheduleInsideThePrimaryDataSourcesTransactionIsRefusedNamingTheTransactionManagerToUse() {
		try (ConfigurableApplicationContext context = start()) {
			long orderId = context.getBean(Orders.class).place("speaker", Instant.now().plusSeconds(3600));
			TransactionTemplate catalog = new TransactionTemplate(
					context.getBean("transactionManager", PlatformTransactionManager.class));
			catalog.setName("CatalogSync.sync");

			assertThatExceptionOfType(IllegalTransactionStateException.class)
				.isThrownBy(() -> catalog.executeWithoutResult((status) -> context.getBean(EventScheduler.class)
					.schedule(new ShipmentReminder(orderId), Instant.now())))
				.withMessage("awty was called inside the transaction 'CatalogSync.sync' of another DataSource, which "
						+ "does not hold awty's DataSource 'ordersDataSource': awty's statement would commit on its "
						+ "own, and a rollback of that transaction would not undo it. Run it in a transaction of "
						+ "'ordersTransactionManager', e.g. @Transactional(\"ordersTransactionManager\") on the "
						+ "calling method, with your domain writes on the same DataSource; or set "
						+ "awty.database.other-transaction=warn to write the row anyway, committed on its own.");
			assertThat(count(context, "SELECT COUNT(*) FROM scheduled_shipment_reminder")).isEqualTo(1);
		}
	}

	@Test
	void withOtherTransactionWarnTheRowIsWrittenOnItsOwnAndTheCallIsLogged(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("--awty.database.other-transaction=warn")) {
			long orderId = context.getBean(Orders.class).place("amplifier", Instant.now().plusSeconds(3600));
			TransactionTemplate catalog = new TransactionTemplate(
					context.getBean("transactionManager", PlatformTransactionManager.class));

			catalog.executeWithoutResult((status) -> {
				context.getBean(EventScheduler.class).schedule(new ShipmentReminder(orderId), Instant.now());
				status.setRollbackOnly();
			});

			assertThat(count(context, "SELECT COUNT(*) FROM scheduled_shipment_reminder")).as("committed on its own")
				.isEqualTo(2);
			assertThat(output).contains("which does not hold awty's DataSource 'ordersDataSource'");
		}
	}

	@Test
	void aScheduledTableMissingFromAwtysDataSourceFailsStartUpSayingWhichDataSourceAwtyLookedIn() {
		assertThatExceptionOfType(Exception.class)
			.isThrownBy(() -> start("--spring.flyway.locations=classpath:db/none").close())
			.havingRootCause()
			.isInstanceOfSatisfying(ScheduledTableException.class, (missing) -> assertThat(missing.getDatabase())
				.isEqualTo("the DataSource 'ordersDataSource' (jdbc:h2:mem:orders-" + this.run + ")"));
	}

	private ConfigurableApplicationContext start(String... more) {
		String[] args = { "--app.catalog.datasource.jdbc-url=jdbc:h2:mem:catalog-" + this.run + ";DB_CLOSE_DELAY=-1",
				"--app.orders.datasource.jdbc-url=jdbc:h2:mem:orders-" + this.run + ";DB_CLOSE_DELAY=-1",
				"--awty.poller.poll-interval=100ms", "--spring.main.banner-mode=off" };
		String[] all = new String[args.length + more.length];
		System.arraycopy(args, 0, all, 0, args.length);
		System.arraycopy(more, 0, all, args.length, more.length);
		return new SpringApplicationBuilder(ShippingApplication.class).web(WebApplicationType.NONE).run(all);
	}

	private static java.util.List<String> tables(ConfigurableApplicationContext context, String dataSource) {
		return JdbcClient.create(context.getBean(dataSource, DataSource.class))
			.sql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'PUBLIC'")
			.query(String.class)
			.list();
	}

	private static long count(ConfigurableApplicationContext context, String sql) {
		return JdbcClient.create(context.getBean("ordersDataSource", DataSource.class))
			.sql(sql)
			.query(Long.class)
			.single();
	}

}
