package dev.awty.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.integration.channel.DirectChannel;

import dev.awty.autoconfigure.diagnostics.ScheduledEntityMappingFailureAnalyzer;
import dev.awty.autoconfigure.diagnostics.ScheduledTableFailureAnalyzer;
import dev.awty.jpa.JpaContexts;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.jpamapped.MappedReminder;
import dev.awty.testing.events.jpaversion.VersionedReminder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Applications with JPA that set {@code spring.jpa.defer-datasource-initialization=true}, which makes the
 * EntityManagerFactory a database initializer that awty's table validation waits for.
 */
class JpaDeferredInitializationTests {

	private final TestDatabase database = TestDatabases.h2();

	@Test
	void startsWithAJpaMappedEventClassWhenDataSourceInitializationIsDeferred() {
		this.database.execute(MappedReminder.TABLE_DDL);
		deferred(MappedReminder.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(AwtyEventTypes.class).names()).containsExactly("mapped_reminder");
		});
	}

	@Test
	void validatesTheTableHibernateCreatedWhenDataSourceInitializationIsDeferred() {
		deferred(MappedReminder.class).withPropertyValues("spring.jpa.hibernate.ddl-auto=create").run((context) -> {
			FailureAnalysis analysis = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).as("awty's analysis of " + context.getStartupFailure()).isNotNull();
			// awty read the table Hibernate had just created (not "does not exist"); Hibernate's H2 dialect makes
			// an @Enumerated(STRING) column a native ENUM, which awty's contract does not take.
			assertThat(analysis.getDescription()).isEqualTo("The table 'scheduled_mapped_reminder' of awty event"
					+ " type 'mapped_reminder' cannot be used:\n  - column 'status' has type"
					+ " ENUM('CANCELLED', 'DELIVERED', 'FAILED', 'PENDING') but needs VARCHAR(16)");
		});
	}

	@Test
	void failsAtStartupWithAwtysTableMessageWhenDataSourceInitializationIsDeferredAndDueAtIsMissing() {
		this.database.execute(MappedReminder.TABLE_DDL.replace("due_at TIMESTAMP WITH TIME ZONE NOT NULL,", ""));
		deferred(MappedReminder.class).run((context) -> {
			FailureAnalysis analysis = new ScheduledTableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).as("awty's analysis of " + context.getStartupFailure()).isNotNull();
			assertThat(analysis.getDescription()).isEqualTo("The table 'scheduled_mapped_reminder' of awty event type"
					+ " 'mapped_reminder' cannot be used:\n  - column 'due_at' is missing");
		});
	}

	@Test
	void failsAtStartupWithAwtysMappingMessageWhenDataSourceInitializationIsDeferred() {
		deferred(VersionedReminder.class).run((context) -> {
			FailureAnalysis analysis = new ScheduledEntityMappingFailureAnalyzer()
				.analyze(context.getStartupFailure());
			assertThat(analysis).as("awty's analysis of " + context.getStartupFailure()).isNotNull();
			assertThat(analysis.getDescription()).startsWith("The JPA mapping of awty event class "
					+ VersionedReminder.class.getName() + " disagrees with awty's table contract: lockVersion is a JPA"
					+ " @Version column");
		});
	}

	private ApplicationContextRunner deferred(Class<?> eventClass) {
		return JpaContexts.jpa()
			.withPropertyValues(this.database.datasourceProperties())
			.withPropertyValues("spring.jpa.defer-datasource-initialization=true")
			.withBean("reminders", DirectChannel.class)
			.withInitializer((context) -> AutoConfigurationPackages.register(
					(BeanDefinitionRegistry) context.getBeanFactory(), eventClass.getPackageName()));
	}

}
