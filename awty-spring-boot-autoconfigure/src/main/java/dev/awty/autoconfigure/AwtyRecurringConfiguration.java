package dev.awty.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;


import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.awty.AwtyConfigurationException;
import dev.awty.history.HistoryMode;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.dashboard.DashboardAccess;
import dev.awty.internal.dashboard.SecurityDashboardAccess;
import dev.awty.internal.delivery.TypeSettings;
import dev.awty.internal.model.SchemaValidator;
import dev.awty.internal.support.AwtyTransactions;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.recurring.JdbcRecurringSchedules;
import dev.awty.internal.recurring.RecurringSettings;
import dev.awty.internal.recurring.RecurringSource;
import dev.awty.internal.recurring.RecurringWakeUps;
import dev.awty.internal.recurring.web.RecurringScheduleController;
import dev.awty.internal.wakeup.WakeUps;
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
	RecurringSettings awtyRecurringSettings(AwtyProperties properties, TypeSettingsFactory typeSettings,
			HandlingSettingsFactory handling) {
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
		require(recurring.getConcurrency() >= 1 && recurring.getConcurrency() <= 64,
				"awty.recurring.concurrency must be between 1 and 64, was " + recurring.getConcurrency(),
				"Set it to the number of batches to hold at once, e.g. 4.");
		// Mode, lease and retries as for event types, validated in the one place that words their failures.
		TypeSettings shared = typeSettings.settingsFor(RecurringSource.NAME);
		Duration claimAhead = recurring.getClaimAhead();
		require(!claimAhead.isNegative() && claimAhead.compareTo(shared.lease()) < 0,
				"awty.recurring.claim-ahead must be at least 0 and shorter than awty.claim.lease (" + shared.lease()
						+ "), was " + claimAhead,
				"Set it to e.g. 500ms, or 0 to claim schedules only once they are due.");
		return new RecurringSettings(recurring.getChannel(), recurring.getPollInterval(), recurring.getBatchSize(),
				recurring.getMaxCatchUp(), recurring.getPayloadLimit().toBytes(), shared.mode(), shared.lease(),
				recurring.getConcurrency(), claimAhead, shared.backoff(), recurring.getChangeWait(),
				allowedChannels(recurring), handling.historyFor(RecurringSource.NAME));
	}

	@Bean
	@DependsOnDatabaseInitialization
	RecurringSource awtyRecurringSource(DeliveryPollers pollers, SqlDialect dialect, AwtyDatabase database,
			RecurringSettings settings, EventPublisher publisher, AwtyInstance instance) {
		SchemaValidator schema = new SchemaValidator(database.dataSource(), dialect);
		if (settings.history() != HistoryMode.NONE) {
			schema.requireHistoryTable();
		}
		schema.requireScheduleVersionTable();
		return RecurringSource.addTo(pollers, dialect, database.dataSource(), AwtyTransactions.on(database.dataSource()), settings, publisher,
				instance.id());
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

	private static Set<String> allowedChannels(AwtyRecurringProperties recurring) {
		Set<String> channels = new LinkedHashSet<>();
		channels.add(recurring.getChannel());
		for (String channel : recurring.getAllowedChannels()) {
			require(channel != null && !channel.isBlank(), "awty.recurring.allowed-channels must not hold an empty name",
					"List the names of the channels schedules may publish to, e.g. digests,reports.");
			channels.add(channel.strip());
		}
		return channels;
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

		@Configuration(proxyBeanMethods = false)
		@ConditionalOnClass(name = "org.springframework.security.web.csrf.CsrfToken")
		static class SecuredWeb {

			@Bean
			RecurringScheduleController awtyRecurringScheduleController(RecurringSchedules schedules,
					AwtyProperties properties) {
				AwtyRecurringWebProperties web = properties.getRecurring().getWeb();
				require(web.getRole() != null && !web.getRole().isBlank(), "awty.recurring.web.role must not be empty",
						"Set it to the role operators have, e.g. AWTY_OPERATOR.");
				return controller(schedules, new SecurityDashboardAccess(web.getRole()), web);
			}

		}

		@Configuration(proxyBeanMethods = false)
		@ConditionalOnMissingClass("org.springframework.security.web.csrf.CsrfToken")
		static class UnsecuredWeb {

			private static final Log logger = LogFactory.getLog(UnsecuredWeb.class);

			@Bean
			RecurringScheduleController awtyRecurringScheduleController(RecurringSchedules schedules,
					AwtyProperties properties) {
				AwtyRecurringWebProperties web = properties.getRecurring().getWeb();
				if (web.isOpen()) {
					logger.warn("awty: the recurring schedule endpoints under /awty/schedules serve every caller "
							+ "(awty.recurring.web.open=true, no Spring Security): anybody who reaches the application "
							+ "may create, change and delete schedules");
					return controller(schedules, DashboardAccess.OPEN, web);
				}
				return controller(schedules, DashboardAccess.refusing("The schedule endpoints need Spring Security and "
						+ "a user with role " + web.getRole() + " (awty.recurring.web.role); to serve every caller without it, "
						+ "which is risky, set awty.recurring.web.open=true"), web);
			}

		}

		private static RecurringScheduleController controller(RecurringSchedules schedules, DashboardAccess access,
				AwtyRecurringWebProperties web) {
			require(web.getMaxBatchSize() >= 1, "awty.recurring.web.max-batch-size must be at least 1, was "
					+ web.getMaxBatchSize(), "Set it to e.g. 1000.");
			return new RecurringScheduleController(schedules, access, web.getMaxBatchSize());
		}

	}

}
