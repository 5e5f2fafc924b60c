package dev.awty.autoconfigure.web;

import java.util.List;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.AwtyConfigurationException;
import dev.awty.TypePauses;
import dev.awty.audit.OperatorAudit;
import dev.awty.autoconfigure.AwtyModules;
import dev.awty.autoconfigure.observability.AwtyObservabilityAutoConfiguration;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.history.DeliveryHistory;
import dev.awty.internal.web.DashboardAccess;
import dev.awty.internal.web.dashboard.DashboardRoutes;
import dev.awty.internal.web.dashboard.DashboardSchedules;
import dev.awty.internal.web.SecurityDashboardAccess;
import dev.awty.internal.observe.TypeOverviews;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.repository.EventRepositories;
import dev.awty.repository.SelectionFilter;
import dev.awty.spi.CurrentOperator;

/**
 * The operator dashboard under {@code /awty}, in a servlet web application with
 * {@code awty.dashboard.enabled=true}. With Spring Security on the classpath its reads and actions need the role
 * {@code awty.dashboard.role}.
 */
@AutoConfiguration(after = AwtyObservabilityAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(value = RouterFunction.class, name = AwtyModules.WEB)
@ConditionalOnBooleanProperty("awty.dashboard.enabled")
@ConditionalOnBean(TypeOverviews.class)
public final class AwtyDashboardAutoConfiguration {

	@Bean
	RouterFunction<ServerResponse> awtyDashboardRoutes(TypeOverviews overviews, EventRepositories repositories,
			ObjectProvider<SelectionFilter<?>> filters, ObjectProvider<RecurringSchedules> schedules,
			DeliveryHistory history, DashboardAccess access, TypePauses pauses, AwtyProperties properties,
			ObjectProvider<OperatorAudit> audit, CurrentOperator operator) {
		List<SelectionFilter<?>> declared = filters.orderedStream().toList();
		DashboardSchedules shownSchedules = new DashboardSchedules(schedules.getIfUnique(), history);
		return new DashboardRoutes(overviews, repositories, declared, shownSchedules, history, access, pauses,
				properties.getDashboard().isReadOnly(), audit.getIfUnique(), operator)
			.routes();
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass("org.springframework.security.web.csrf.CsrfToken")
	static class OpenAccessConfiguration {

		@Bean
		@ConditionalOnMissingBean
		DashboardAccess awtyDashboardAccess() {
			return DashboardAccess.OPEN;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.security.web.csrf.CsrfToken")
	static class SecurityAccessConfiguration {

		@Bean
		@ConditionalOnMissingBean
		DashboardAccess awtyDashboardAccess(AwtyProperties properties) {
			String role = properties.getDashboard().getRole();
			if (role == null || role.isBlank()) {
				throw new AwtyConfigurationException("awty.dashboard.role must not be empty",
						"Set it to the role operators have, e.g. AWTY_OPERATOR.");
			}
			return new SecurityDashboardAccess(role);
		}

	}

}
