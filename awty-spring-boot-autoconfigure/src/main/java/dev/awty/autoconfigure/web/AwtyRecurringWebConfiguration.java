package dev.awty.autoconfigure.web;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.autoconfigure.AwtyModules;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.properties.AwtyRecurringWebProperties;
import dev.awty.autoconfigure.recurring.AwtyRecurringConfiguration;
import dev.awty.internal.web.DashboardAccess;
import dev.awty.internal.web.SecurityDashboardAccess;
import dev.awty.internal.web.schedules.ScheduleRoutes;
import dev.awty.recurring.RecurringSchedules;

import static dev.awty.autoconfigure.settings.Requirements.require;

/**
 * The REST endpoints of recurring schedules under {@code /awty/schedules}, when {@code awty.recurring.web.enabled}
 * is set in a servlet web application that has the {@code awty-web} module.
 */
@AutoConfiguration(after = AwtyRecurringConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = { "org.springframework.web.servlet.DispatcherServlet", AwtyModules.WEB })
@ConditionalOnBooleanProperty("awty.recurring.web.enabled")
@ConditionalOnBean(RecurringSchedules.class)
public final class AwtyRecurringWebConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.security.web.csrf.CsrfToken")
	static class SecuredWeb {

		@Bean
		RouterFunction<ServerResponse> awtyScheduleRoutes(RecurringSchedules schedules, AwtyProperties properties) {
			AwtyRecurringWebProperties web = properties.getRecurring().getWeb();
			require(web.getRole() != null && !web.getRole().isBlank(), "awty.recurring.web.role must not be empty",
					"Set it to the role operators have, e.g. AWTY_OPERATOR.");
			return routes(schedules, new SecurityDashboardAccess(web.getRole()), web);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass("org.springframework.security.web.csrf.CsrfToken")
	static class UnsecuredWeb {

		private static final Log logger = LogFactory.getLog(UnsecuredWeb.class);

		@Bean
		RouterFunction<ServerResponse> awtyScheduleRoutes(RecurringSchedules schedules, AwtyProperties properties) {
			AwtyRecurringWebProperties web = properties.getRecurring().getWeb();
			if (web.isOpen()) {
				logger.warn("awty: the recurring schedule endpoints under /awty/schedules serve every caller "
						+ "(awty.recurring.web.open=true, no Spring Security): anybody who reaches the application "
						+ "may create, change and delete schedules");
				return routes(schedules, DashboardAccess.OPEN, web);
			}
			return routes(schedules, DashboardAccess.refusing("The schedule endpoints need Spring Security and "
					+ "a user with role " + web.getRole() + " (awty.recurring.web.role); to serve every caller without it, "
					+ "which is risky, set awty.recurring.web.open=true"), web);
		}

	}

	private static RouterFunction<ServerResponse> routes(RecurringSchedules schedules, DashboardAccess access,
			AwtyRecurringWebProperties web) {
		require(web.getMaxBatchSize() >= 1, "awty.recurring.web.max-batch-size must be at least 1, was "
				+ web.getMaxBatchSize(), "Set it to e.g. 1000.");
		return new ScheduleRoutes(schedules, access, web.getMaxBatchSize()).routes();
	}

}
