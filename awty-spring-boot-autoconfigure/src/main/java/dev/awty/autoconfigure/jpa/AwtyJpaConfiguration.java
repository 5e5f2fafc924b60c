package dev.awty.autoconfigure.jpa;

import java.util.List;

import jakarta.persistence.EntityManagerFactory;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.jpa.autoconfigure.EntityManagerFactoryDependsOnPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ResourceLoader;

import dev.awty.autoconfigure.AwtyAutoConfiguration;
import dev.awty.autoconfigure.AwtyDatabase;
import dev.awty.autoconfigure.AwtyEventClasses;
import dev.awty.autoconfigure.AwtyEventTypes;
import dev.awty.autoconfigure.AwtyModules;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.jpa.JpaEventTypes;
import dev.awty.internal.jpa.JpaInsertWakeUps;
import dev.awty.internal.jpa.JpaPayloads;
import dev.awty.internal.jpa.TransactionEntityManagers;
import dev.awty.internal.selection.CancelLog;
import dev.awty.internal.support.PendingWrites;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.SqlDialect;

/**
 * awty in an application with JPA: flush the transaction's entity managers before awty's statements, publish
 * JPA-mapped rows as JPA loads them, wake pollers for rows JPA inserted. Without JPA on the class path none of
 * this is loaded.
 */
@AutoConfiguration(after = AwtyAutoConfiguration.class)
// By name: a test that registers this class by its literal reads the annotation by reflection, which drops it when
// a class it names is missing, and the configuration would then apply without JPA.
@ConditionalOnClass(name = { "jakarta.persistence.EntityManagerFactory", "org.springframework.orm.jpa.EntityManagerHolder",
		AwtyModules.JPA })
@ConditionalOnBean(AwtyEventTypes.class)
public final class AwtyJpaConfiguration {

	private static final String DEFERRED_INITIALIZATION = "spring.jpa.defer-datasource-initialization";

	@Bean
	PendingWrites awtyJpaPendingWrites() {
		return new TransactionEntityManagers();
	}

	@Bean
	JpaEventTypes awtyJpaEventTypes(AwtyEventTypes eventTypes, DueSignals dueSignals, DueTimeSlots slots,
			SqlDialect dialect, AuditLog audit, RunningChecks runningChecks, CancelLog cancelLog) {
		return new JpaEventTypes(eventTypes.tables(), dueSignals, slots, dialect, audit, runningChecks, cancelLog);
	}

	@Bean
	AwtyEntityManagerFactoryCheck awtyEntityManagerFactoryCheck(ListableBeanFactory beanFactory, AwtyDatabase database,
			AwtyEventTypes eventTypes) {
		return new AwtyEntityManagerFactoryCheck(beanFactory, database, eventTypes);
	}

	@Bean
	static BeanPostProcessor awtyJpaPayloads(ObjectProvider<EntityManagerFactory> factories) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
				return (bean instanceof EventPublisher publisher && !(bean instanceof JpaPayloads))
						? new JpaPayloads(publisher, () -> factories.orderedStream().toList()) : bean;
			}

		};
	}

	/** JPA-mapped event classes are checked before Hibernate reads them, so the user sees awty's message. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(EntityManagerFactoryDependsOnPostProcessor.class)
	@ConditionalOnBooleanProperty(name = DEFERRED_INITIALIZATION, havingValue = false, matchIfMissing = true)
	static final class ValidateBeforeJpa {

		@Bean
		static EntityManagerFactoryDependsOnPostProcessor awtyEventTypesBeforeJpa() {
			return new EntityManagerFactoryDependsOnPostProcessor("awtyEventTypes");
		}

	}

	/**
	 * With deferred initialization the EntityManagerFactory is itself a database initializer, which
	 * {@code awtyEventTypes} waits for (Hibernate may create the tables it validates); the factory waiting for
	 * {@code awtyEventTypes} as well was a depends-on cycle. It waits for the checks that read no table instead, so a
	 * mapping awty rejects is still reported before Hibernate reads it, and the tables are validated after Hibernate.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(EntityManagerFactoryDependsOnPostProcessor.class)
	@ConditionalOnBooleanProperty(DEFERRED_INITIALIZATION)
	static final class CheckMappingsBeforeDeferredJpa {

		@Bean
		static EntityManagerFactoryDependsOnPostProcessor awtyEventMappingsBeforeJpa() {
			return new EntityManagerFactoryDependsOnPostProcessor("awtyEventMappings");
		}

		@Bean
		CheckedEventClasses awtyEventMappings(BeanFactory beanFactory, ResourceLoader resourceLoader,
				SqlDialect dialect) {
			ClassLoader classLoader = (resourceLoader.getClassLoader() != null) ? resourceLoader.getClassLoader()
					: AwtyJpaConfiguration.class.getClassLoader();
			return new CheckedEventClasses(AwtyEventClasses.checkWithoutTables(beanFactory, classLoader, dialect));
		}

	}

	/** The event classes whose mapping was checked before the EntityManagerFactory was built. */
	record CheckedEventClasses(List<String> classNames) {
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.hibernate.event.spi.PostInsertEventListener")
	static final class Hibernate {

		@Bean
		SmartInitializingSingleton awtyJpaInsertWakeUps(JpaEventTypes types,
				ObjectProvider<EntityManagerFactory> factories) {
			return () -> new JpaInsertWakeUps(types).register(factories.orderedStream().toList());
		}

	}

}
