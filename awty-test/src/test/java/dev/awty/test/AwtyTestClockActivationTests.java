package dev.awty.test;

import java.time.Clock;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.dialect.H2Dialect;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.PurchaseConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing of the movable clock outside a Spring Boot test: with the kit on the class path, an application context
 * that no test bootstrapper made keeps awty's own dialect (its statements say the database's clock, unchanged), no
 * Clock bean and no clock table.
 */
class AwtyTestClockActivationTests {

	private final TestDatabase database = TestDatabases.h2();

	private ApplicationContextRunner runner() {
		this.database.execute(TestPurchase.TABLE_DDL);
		return AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(AwtyTestAutoConfiguration.class))
			.withUserConfiguration(PurchaseConsumerConfiguration.class)
			.withBean(ReceivedEvents.class, ReceivedEvents::new)
			.withPropertyValues(this.database.datasourceProperties());
	}

	@Test
	void outsideATestTheDialectClockAndDatabaseAreAwtysOwn() {
		runner().run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).doesNotHaveBean(AwtyTestClock.class).doesNotHaveBean(Clock.class);
			assertThat(context.getBean(SqlDialect.class)).isExactlyInstanceOf(H2Dialect.class);
			assertThat(this.database.jdbc()
				.queryForObject("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE LOWER(TABLE_NAME) = 'awty_test_clock'",
						Long.class)).isZero();
		});
	}

	@Test
	void inASpringBootTestContextTheKitMovesAwtysNow() {
		runner().withPropertyValues(AwtyTestAutoConfiguration.SPRING_BOOT_TEST_MARKER + "=true").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).hasSingleBean(AwtyTestClock.class);
			assertThat(context.getBean(Clock.class)).isSameAs(context.getBean(AwtyTestClock.class).clock());
			assertThat(context.getBean(SqlDialect.class)).isExactlyInstanceOf(ShiftedNowDialect.class);
		});
	}

	@Test
	void awtyDisabledLeavesTheKitOff() {
		runner().withPropertyValues(AwtyTestAutoConfiguration.SPRING_BOOT_TEST_MARKER + "=true", "awty.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(AwtyTestClock.class));
	}

}
