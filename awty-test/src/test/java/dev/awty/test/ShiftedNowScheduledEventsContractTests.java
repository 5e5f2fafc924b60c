package dev.awty.test;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.context.annotation.Configuration;
import org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.integration.channel.DirectChannel;

import dev.awty.dialect.DialectDetector;
import dev.awty.jpa.ScheduledEvents;
import dev.awty.repository.ChangeResult;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.events.jpamapped.MappedReminder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code ScheduledEvents} fragment of a Spring Data JPA repository under the kit's moved clock: its writes compare
 * leases with the "now" of the application's dialect, as awty's own statements do.
 */
@OnEveryDatabase
class ShiftedNowScheduledEventsContractTests {

	private static final Duration SHIFT = Duration.ofHours(2);

	private final Supplier<TestDatabase> databases;

	ShiftedNowScheduledEventsContractTests(Supplier<TestDatabase> databases) {
		this.databases = databases;
	}

	// Review 290fa67, m10: the fragment's "now" was the database's real clock, so under the test kit's moved clock a lease
	// expired in shifted time still counted as in flight, while awty's claims (ShiftedNowDialect) saw the row free.
	@Test
	void theFragmentsNowIsTheDialectsSoAShiftedClockSeesALeaseExpiredInShiftedTimeAsFree() {
		TestDatabase database = this.databases.get();
		database.execute(MappedReminder.TABLE_DDL);
		AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(HibernateJpaAutoConfiguration.class,
					DataJpaRepositoriesAutoConfiguration.class, TransactionAutoConfiguration.class,
					TransactionManagerCustomizationAutoConfiguration.class))
			.withPropertyValues("spring.jpa.hibernate.ddl-auto=none", "spring.jpa.open-in-view=false")
			.withPropertyValues(database.datasourceProperties())
			.withInitializer((context) -> AutoConfigurationPackages.register(
					(BeanDefinitionRegistry) context.getBeanFactory(), MappedReminder.class.getPackageName()))
			.withUserConfiguration(Repositories.class)
			.withBean("reminders", DirectChannel.class)
			.withBean(SqlDialect.class, () -> new ShiftedNowDialect(
					DialectDetector.detect(database.simpleDataSource(), null), String.valueOf(SHIFT.toMillis())))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				// Due a day ahead, later than the shifted "now" too: no poller claims it while the test holds its lease.
				// The lease ends in five minutes of real time: two hours ago in the test's shifted time.
				database.jdbc().update("INSERT INTO scheduled_mapped_reminder (invoice_id, due_at, claimed_by, claimed_until) "
						+ "VALUES (9, ?, 'x', ?)", database.timestamp(Instant.now().plus(Duration.ofDays(1))),
						database.timestamp(Instant.now().plus(Duration.ofMinutes(5))));
				assertThat(context.getBean(MappedReminders.class)
					.cancel((reminder, query, cb) -> cb.equal(reminder.get("invoiceId"), 9L)))
					.isEqualTo(new ChangeResult(1, 0));
				assertThat(database.jdbc().queryForObject("SELECT status FROM scheduled_mapped_reminder "
						+ "WHERE invoice_id = 9", String.class)).isEqualTo("CANCELLED");
			});
	}

	/** A repository of awty-test-support's JPA-mapped event type, with awty's fragment. */
	interface MappedReminders extends JpaRepository<MappedReminder, Long>, ScheduledEvents<MappedReminder> {

	}

	// Nested, so that the kit's @SpringBootTest contexts, whose auto-configuration package is this one, do not find it.
	@Configuration(proxyBeanMethods = false)
	@EnableJpaRepositories(basePackageClasses = ShiftedNowScheduledEventsContractTests.class,
			considerNestedRepositories = true)
	static class Repositories {

	}

}
