package dev.awty.autoconfigure;

import java.time.Duration;

import javax.sql.DataSource;

import net.javacrumbs.shedlock.core.LockProvider;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.awty.AwtyConfigurationException;
import dev.awty.internal.delivery.RetryBackoff;
import dev.awty.internal.jdbc.AwtyTransactions;
import dev.awty.internal.recurring.JdbcRecurringSchedules;
import dev.awty.internal.recurring.RecurringPoller;
import dev.awty.internal.recurring.RecurringSettings;
import dev.awty.internal.recurring.web.RecurringScheduleController;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.SqlDialect;

/**
 * Recurring schedules: the service, the poller of {@code awty_schedule} and, on request, the REST endpoints.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "awty.recurring.enabled", matchIfMissing = true)
class AwtyRecurringConfiguration {

	@Bean
	RecurringSettings awtyRecurringSettings(AwtyProperties properties) {
		AwtyRecurringProperties recurring = properties.getRecurring();
		require(!recurring.getChannel().isBlank(), "awty.recurring.channel must not be empty",
				"Set it to the name of the channel that receives occurrences, e.g. awtyRecurring.");
		require(recurring.getPollInterval().toMillis() > 0,
				"awty.recurring.poll-interval must be positive, was " + recurring.getPollInterval(), "Set it to e.g. 1s.");
		require(recurring.getBatchSize() >= 1, "awty.recurring.batch-size must be at least 1, was "
				+ recurring.getBatchSize(), "Set it to e.g. 500.");
		require(recurring.getMaxCatchUp() >= 1, "awty.recurring.max-catch-up must be at least 1, was "
				+ recurring.getMaxCatchUp(), "Set it to e.g. 100.");
		require(recurring.getPayloadLimit().toBytes() >= 1, "awty.recurring.payload-limit must be positive, was "
				+ recurring.getPayloadLimit(), "Set it to e.g. 64KB.");
		AwtyRetryProperties retry = properties.getRetry();
		require(retry.getInitialBackoff().toMillis() > 0 && retry.getMaxBackoff().compareTo(retry.getInitialBackoff()) >= 0,
				"awty.retry.max-backoff (" + retry.getMaxBackoff() + ") must not be shorter than awty.retry.initial-backoff ("
						+ retry.getInitialBackoff() + "), which must be positive",
				"Raise the maximum or lower the initial backoff.");
		RetryBackoff backoff = new RetryBackoff(retry.getInitialBackoff(), retry.getMultiplier(), retry.getMaxBackoff(),
				retry.getJitter());
		Duration lease = properties.getClaim().getLease();
		return new RecurringSettings(recurring.getChannel(), recurring.getPollInterval(), recurring.getBatchSize(),
				recurring.getMaxCatchUp(), recurring.getPayloadLimit().toBytes(), properties.getClaim().getMode(), lease,
				backoff, recurring.getChangeWait());
	}

	@Bean
	@DependsOnDatabaseInitialization
	RecurringPoller awtyRecurringPoller(SqlDialect dialect, DataSource dataSource, RecurringSettings settings,
			EventPublisher publisher, LockProvider lockProvider, AwtyInstance instance) {
		return new RecurringPoller(dialect, dataSource, settings, publisher, lockProvider, instance.id(),
				AwtyTransactions.on(dataSource));
	}

	@Bean
	@ConditionalOnMissingBean(RecurringSchedules.class)
	@DependsOnDatabaseInitialization
	JdbcRecurringSchedules recurringSchedules(SqlDialect dialect, DataSource dataSource, RecurringSettings settings,
			RecurringPoller poller) {
		// awty's own transactions, not the application's primary manager, which may manage JPA or another resource.
		return new JdbcRecurringSchedules(dialect, dataSource, AwtyTransactions.on(dataSource), settings,
				poller::wakeUpBy);
	}

	private static void require(boolean condition, String description, String action) {
		if (!condition) {
			throw new AwtyConfigurationException(description, action);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass(name = "org.springframework.web.servlet.DispatcherServlet")
	@ConditionalOnBooleanProperty("awty.recurring.web.enabled")
	static class Web {

		@Bean
		RecurringScheduleController awtyRecurringScheduleController(RecurringSchedules schedules) {
			return new RecurringScheduleController(schedules);
		}

	}

}
