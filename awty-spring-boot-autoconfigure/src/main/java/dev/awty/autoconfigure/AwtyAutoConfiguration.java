package dev.awty.autoconfigure;

import java.time.Clock;
import java.util.Set;

import net.javacrumbs.shedlock.core.LockProvider;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.integration.autoconfigure.IntegrationAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.sql.init.dependency.DatabaseInitializationDependencyConfigurer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.messaging.MessageChannel;

import dev.awty.AwtyConfigurationException;
import dev.awty.EventScheduler;
import dev.awty.ScheduledTableException;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.schema.AwtySchemaInitializer;
import dev.awty.autoconfigure.settings.AwtySettings;
import dev.awty.dialect.DialectDetector;
import dev.awty.integration.ChannelEventPublisher;
import dev.awty.integration.SendScope;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.checks.RunningChecks;
import dev.awty.internal.delivery.EventSources;
import dev.awty.internal.delivery.OpenBatches;
import dev.awty.internal.model.Identifiers;
import dev.awty.internal.model.SchemaValidator;
import dev.awty.internal.outcome.OutcomeStore;
import dev.awty.internal.pause.PausedTypes;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.pipeline.PipelineSources;
import dev.awty.internal.scheduling.JdbcEventScheduler;
import dev.awty.internal.support.PendingWrites;
import dev.awty.internal.tracing.RowTracing;
import dev.awty.internal.wakeup.DueNotificationListener;
import dev.awty.internal.wakeup.DueSignals;
import dev.awty.internal.wakeup.DueTimeSlots;
import dev.awty.internal.wakeup.WakeUps;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.SqlDialect;

/**
 * Auto-configuration of awty: finds the event types, validates their tables, and runs their pollers.
 */
@AutoConfiguration(after = { DataSourceAutoConfiguration.class, IntegrationAutoConfiguration.class },
		afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnClass({ JdbcClient.class, LockProvider.class, MessageChannel.class })
@Conditional(AwtyDataSourceCondition.class)
@ConditionalOnBooleanProperty(name = "awty.enabled", matchIfMissing = true)
@EnableConfigurationProperties(AwtyProperties.class)
@Import({ DatabaseInitializationDependencyConfigurer.class, AwtyLockConfigurations.Jdbc.class,
		AwtyLockConfigurations.Redis.class, AwtyLockConfigurations.RedisMissing.class, AwtyHistoryConfiguration.class,
		AwtyRepositoriesConfiguration.class, AwtyTracingConfiguration.class })
public final class AwtyAutoConfiguration {

	/** Fails start-up when a switched-on feature's module is missing, and logs the modules the application lacks. */
	@Bean
	AwtyModules awtyModules(Environment environment, ResourceLoader resourceLoader) {
		AwtyModules modules = new AwtyModules(resourceLoader.getClassLoader());
		modules.check(environment);
		return modules;
	}

	@Bean
	AwtyDatabase awtyDatabase(ListableBeanFactory beanFactory) {
		return AwtyDatabase.of(beanFactory);
	}

	@Bean
	AwtyTransactionManagerCheck awtyTransactionManagerCheck(ListableBeanFactory beanFactory, AwtyDatabase database) {
		return new AwtyTransactionManagerCheck(beanFactory, database);
	}

	@Bean
	@ConditionalOnMissingBean
	SqlDialect awtySqlDialect(AwtyDatabase database, AwtyProperties properties) {
		return DialectDetector.detect(database.dataSource(), properties.getDatabase().getDialect());
	}

	@Bean
	@ConditionalOnBooleanProperty(name = "awty.schema.initialize", matchIfMissing = true)
	AwtySchemaInitializer awtySchemaInitializer(AwtyDatabase database, ResourceLoader resourceLoader,
			AwtyProperties properties, SqlDialect dialect) {
		String lockTable = Identifiers.requireValid(properties.getLock().getTableName(), "awty.lock.table-name");
		return new AwtySchemaInitializer(database.dataSource(), resourceLoader, lockTable, dialect,
				properties.getSchema().getLockTimeout());
	}

	@Bean
	@DependsOnDatabaseInitialization
	AwtyEventTypes awtyEventTypes(BeanFactory beanFactory, SqlDialect dialect, AwtyDatabase database,
			AwtyProperties properties, ResourceLoader resourceLoader, ObjectProvider<RowTracing> tracing,
			ObjectProvider<AwtyEventClasses> recorded) {
		ClassLoader classLoader = (resourceLoader.getClassLoader() != null) ? resourceLoader.getClassLoader()
				: AwtyAutoConfiguration.class.getClassLoader();
		AwtyEventClasses classes = recorded.getIfAvailable(() -> AwtyEventClasses.scan(beanFactory));
		try {
			return new AwtyEventTypes(classes.load(classLoader), classes.foundIn(), dialect, database.dataSource(),
					properties.getSchema().isValidate(), tracing.getIfAvailable(() -> RowTracing.NONE));
		}
		catch (ScheduledTableException ex) {
			throw database.severalDataSources() ? ex.lookedIn(database.describe()) : ex;
		}
	}

	@Bean
	WakeUps awtyWakeUps(ObjectProvider<Clock> clock) {
		return new WakeUps(clock.getIfUnique(Clock::systemUTC));
	}

	@Bean
	DueSignals awtyDueSignals(WakeUps wakeUps, AwtyProperties properties) {
		return new DueSignals(wakeUps, properties.getPoller().isListenNotify());
	}

	@Bean
	AwtySettings awtySettings(AwtyProperties properties) {
		return new AwtySettings(properties);
	}

	@Bean
	DueTimeSlots awtyDueTimeSlots(AwtySettings settings) {
		return settings.slots();
	}

	@Bean
	AwtyInstance awtyInstance(AwtyProperties properties) {
		return AwtyInstance.of(properties.getInstanceId());
	}

	@Bean
	@ConditionalOnMissingBean(EventScheduler.class)
	JdbcEventScheduler eventScheduler(AwtyEventTypes eventTypes, DueSignals dueSignals, DueTimeSlots slots,
			ListableBeanFactory beanFactory, AwtyDatabase database, AwtyProperties properties,
			ObjectProvider<PendingWrites> pendingWrites) {
		return new JdbcEventScheduler(eventTypes.tables(), dueSignals, slots,
				AwtyCallerTransactions.beforeEachStatement(beanFactory, database,
						properties.getDatabase().getOtherTransaction(),
						pendingWrites.getIfUnique(() -> PendingWrites.NONE)));
	}

	@Bean
	@ConditionalOnMissingBean
	EventPublisher awtyEventPublisher(BeanFactory beanFactory, AwtyProperties properties, AwtySettings settings,
			AwtyEventTypes eventTypes, ObjectProvider<SendScope> sendScopes) {
		return new ChannelEventPublisher(beanFactory, properties.getPoller().getSendTimeout(),
				properties.getPublish().getAckTimeout(), settings.routesFor(eventTypes.tables()),
				sendScopes.orderedStream().toList());
	}

	/** Runs the sources of every part of awty (event types, recurring schedules), each a bean of its own. */
	@Bean
	DeliveryPollers awtyDeliveryPollers(WakeUps wakeUps, LockProvider lockProvider, ObjectProvider<Clock> clock,
			AwtyProperties properties, ObjectProvider<PipelineSources> sources) {
		return new DeliveryPollers(properties.getPoller().getShutdownTimeout(), wakeUps, lockProvider,
				clock.getIfUnique(Clock::systemUTC), () -> sources.orderedStream().iterator());
	}

	/** AwtyEventPipelines checks that its table exists. */
	@Bean
	PausedTypes awtyTypePauses(AwtyEventTypes eventTypes, DeliveryPollers pollers, AwtyDatabase database,
			SqlDialect dialect, AuditLog audit) {
		PausedTypes pauses = new PausedTypes(database.dataSource(), dialect, Set.copyOf(eventTypes.names()), audit);
		pollers.pauseWith(pauses);
		return pauses;
	}

	/** The event types' sources, once what their settings and handlers need of the database is checked. */
	@Bean
	EventSources awtyEventSources(AwtyEventTypes eventTypes, AwtySettings settings, ListableBeanFactory beanFactory,
			EventPublisher publisher, AwtyInstance instance, AwtyDatabase database, SqlDialect dialect,
			AwtyProperties properties, RunningChecks runningChecks) {
		int openTransactions = properties.getPoller().getOpenTransactions();
		if (openTransactions < 1) {
			throw new AwtyConfigurationException("awty.poller.open-transactions must be at least 1, was "
					+ openTransactions, "Set it to e.g. 4, or hold batches by a lease: awty.poller.holding=lease.");
		}
		EventSources sources = new EventSources(OutcomeStore.on(database.dataSource(), dialect), publisher,
				instance.id(), runningChecks, new OpenBatches(openTransactions));
		int openAtOnce = new AwtyEventPipelines(eventTypes, settings, new SchemaValidator(database.dataSource(), dialect),
				properties.getSchema().isValidate())
			.plan(sources, new AwtyHandlers(beanFactory, eventTypes.tables()));
		OpenTransactionsCheck.check(database.dataSource(), openAtOnce, openTransactions);
		return sources;
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.postgresql.PGConnection")
	@ConditionalOnBooleanProperty(name = "awty.poller.listen-notify", matchIfMissing = true)
	static class DueNotificationConfiguration {

		@Bean
		@DependsOnDatabaseInitialization
		DueNotificationListener awtyDueNotificationListener(AwtyDatabase database, SqlDialect dialect, WakeUps wakeUps) {
			return new DueNotificationListener(database.dataSource(), dialect.wakeUps().listenDue(), wakeUps);
		}

	}

}
