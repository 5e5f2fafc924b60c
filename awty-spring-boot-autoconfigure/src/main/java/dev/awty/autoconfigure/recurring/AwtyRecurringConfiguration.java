package dev.awty.autoconfigure.recurring;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;

import dev.awty.autoconfigure.AwtyAutoConfiguration;
import dev.awty.autoconfigure.AwtyDatabase;
import dev.awty.autoconfigure.AwtyEventTypes;
import dev.awty.autoconfigure.AwtyInstance;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.settings.AwtySettings;
import dev.awty.history.HistoryMode;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.model.SchemaValidator;
import dev.awty.internal.recurring.JdbcRecurringSchedules;
import dev.awty.internal.recurring.RecurringSettings;
import dev.awty.internal.recurring.RecurringWakeUps;
import dev.awty.internal.recurring.source.RecurringSource;
import dev.awty.internal.support.AwtyTransactions;
import dev.awty.internal.wakeup.WakeUps;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.SqlDialect;

/**
 * Recurring schedules: the service, the poller of {@code awty_schedule} and the service that changes schedules; the REST endpoints are
 * {@code AwtyRecurringWebConfiguration}'s.
 */
@AutoConfiguration(after = AwtyAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "awty.recurring.enabled", matchIfMissing = true)
@ConditionalOnBean(AwtyEventTypes.class)
public final class AwtyRecurringConfiguration {

	@Bean
	RecurringSettings awtyRecurringSettings(AwtySettings settings) {
		return settings.recurring();
	}

	@Bean
	@DependsOnDatabaseInitialization
	RecurringSource awtyRecurringSource(SqlDialect dialect, AwtyDatabase database,
			RecurringSettings settings, EventPublisher publisher, AwtyInstance instance) {
		SchemaValidator schema = new SchemaValidator(database.dataSource(), dialect);
		if (settings.history() != HistoryMode.NONE) {
			schema.requireHistoryTable();
		}
		schema.requireScheduleVersionTable();
		return new RecurringSource(dialect, database.dataSource(), AwtyTransactions.on(database.dataSource()), settings,
				publisher, instance.id());
	}

	@Bean
	RecurringWakeUps awtyRecurringWakeUps(WakeUps wakeUps, SqlDialect dialect, AwtyDatabase database,
			AwtyProperties properties) {
		return new RecurringWakeUps(wakeUps, dialect, database.dataSource(), properties.getPoller().isListenNotify());
	}

	@Bean
	@ConditionalOnMissingBean(RecurringSchedules.class)
	@DependsOnDatabaseInitialization
	JdbcRecurringSchedules recurringSchedules(SqlDialect dialect, AwtyDatabase database, RecurringSettings settings,
			RecurringWakeUps wakeUps, EventPublisher publisher, AwtyInstance instance, AuditLog audit) {
		// awty's own transactions, not the application's primary manager, which may manage JPA or another resource.
		return new JdbcRecurringSchedules(dialect, database.dataSource(), AwtyTransactions.on(database.dataSource()),
				settings, wakeUps, publisher, instance.id(), audit);
	}

}
