package dev.awty.autoconfigure.observability;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.awty.AwtyConfigurationException;
import dev.awty.TypePauses;
import dev.awty.autoconfigure.AwtyAutoConfiguration;
import dev.awty.autoconfigure.AwtyDatabase;
import dev.awty.autoconfigure.AwtyEventTypes;
import dev.awty.autoconfigure.AwtyModules;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.autoconfigure.settings.AwtySettings;
import dev.awty.internal.metrics.BacklogMeters;
import dev.awty.internal.metrics.MicrometerDeliveryObserver;
import dev.awty.internal.metrics.PauseMeters;
import dev.awty.internal.observe.BacklogMonitor;
import dev.awty.internal.observe.LagHistory;
import dev.awty.internal.observe.TypeOverviews.SourceInfo;
import dev.awty.internal.observe.TypeOverviews.TypeInfo;
import dev.awty.internal.observe.TypeOverviews;
import dev.awty.internal.pause.PausedTypes;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.internal.recurring.RecurringSettings;
import dev.awty.internal.recurring.source.RecurringSource;
import dev.awty.internal.table.EventTable;
import dev.awty.repository.EventRepositories;
import dev.awty.spi.SqlDialect;

/**
 * What operators see of awty: the backlog of every type, lag kept in memory, Micrometer meters when the
 * application has a MeterRegistry, the {@code awty} actuator endpoint and the {@code awty} health indicator.
 */
@AutoConfiguration(after = AwtyAutoConfiguration.class, afterName = {
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration" })
@ConditionalOnBean(DeliveryPollers.class)
public final class AwtyObservabilityAutoConfiguration {

	@Bean
	LagHistory awtyLagHistory(DeliveryPollers pollers, ObjectProvider<Clock> clock) {
		LagHistory history = new LagHistory(clock.getIfUnique(Clock::systemUTC));
		pollers.addObserver(history);
		return history;
	}

	@Bean
	BacklogMonitor awtyBacklogMonitor(AwtyEventTypes eventTypes, AwtySettings settings, SqlDialect dialect,
			AwtyDatabase database, AwtyProperties properties, ObjectProvider<RecurringSettings> recurring) {
		Duration refresh = properties.getMetrics().getRefresh();
		if (refresh.toMillis() < 100) {
			throw new AwtyConfigurationException("awty.metrics.refresh must be at least 100ms, was " + refresh,
					"Set it to how often the backlog may be counted, e.g. 10s.");
		}
		BacklogMonitor monitor = new BacklogMonitor(refresh);
		for (EventTable<?> table : eventTypes.tables()) {
			TypeInfo info = new TypeInfo(table.type(), settings.settingsFor(table.type().name()));
			monitor.add(table.type(), info.keepsDelivered(), dialect, database.dataSource());
		}
		if (recurring.getIfAvailable() != null) {
			monitor.addRecurring(RecurringSource.NAME, dialect, database.dataSource());
		}
		return monitor;
	}

	@Bean
	TypeOverviews awtyTypeOverviews(AwtyEventTypes eventTypes, AwtySettings settings, BacklogMonitor monitor,
			LagHistory lag, ObjectProvider<RecurringSettings> recurring, PausedTypes pauses) {
		List<TypeInfo> types = eventTypes.tables().stream()
			.map((table) -> new TypeInfo(table.type(), settings.settingsFor(table.type().name())))
			.toList();
		RecurringSettings schedules = recurring.getIfAvailable();
		return new TypeOverviews(types, (schedules != null) ? List.of(recurringSource(schedules)) : List.of(), monitor,
				lag).showingPaused(pauses::current);
	}

	/** The recurring schedules as the dashboard and the endpoint show them, next to the event types. */
	private static SourceInfo recurringSource(RecurringSettings settings) {
		Map<String, Object> shown = new LinkedHashMap<>();
		shown.put("pollInterval", settings.loop().pollInterval().toString());
		shown.put("batchSize", settings.loop().batchSize());
		shown.put("concurrency", settings.loop().concurrency());
		shown.put("lease", settings.loop().lease().toString());
		shown.put("channel", settings.channel());
		shown.put("maxCatchUp", settings.maxCatchUp());
		shown.put("history", settings.history().name().toLowerCase());
		return new SourceInfo(RecurringSource.NAME, RecurringSource.TABLE, settings.loop().mode(), shown);
	}

	/** awty's meters, when the application has a MeterRegistry and the {@code awty-micrometer} module. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(value = MeterRegistry.class, name = AwtyModules.MICROMETER)
	@ConditionalOnBean(MeterRegistry.class)
	static class MetricsConfiguration {

		@Bean
		MicrometerDeliveryObserver awtyMicrometerDeliveryObserver(MeterRegistry registry, DeliveryPollers pollers,
				BacklogMonitor monitor, TypeOverviews overviews, PausedTypes pauses) {
			MicrometerDeliveryObserver observer = new MicrometerDeliveryObserver(registry);
			for (String type : overviews.sourceNames()) {
				observer.register(type);
				BacklogMeters.register(registry, monitor, type);
			}
			overviews.names().forEach((type) -> PauseMeters.register(registry, pauses::current, type));
			pollers.addObserver(observer);
			return observer;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	@ConditionalOnAvailableEndpoint(AwtyEndpoint.class)
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		AwtyEndpoint awtyEndpoint(TypeOverviews overviews, EventRepositories repositories, TypePauses pauses) {
			return new AwtyEndpoint(overviews, repositories, pauses);
		}

	}

	/** Beyond the lease, how long a row may wait before health is DOWN: time to pick up a crashed instance's rows. */
	private static final Duration HEALTH_MARGIN = Duration.ofMinutes(10);

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	@ConditionalOnEnabledHealthIndicator("awty")
	static class HealthConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "awtyHealthIndicator")
		AwtyHealthIndicator awtyHealthIndicator(BacklogMonitor monitor, AwtyProperties properties,
				AwtyEventTypes eventTypes, AwtySettings settings, DeliveryPollers pollers, PausedTypes pauses) {
			Duration maxOverdue = properties.getHealth().getMaxOverdue();
			if (maxOverdue == null) {
				Duration longestLease = eventTypes.names().stream()
					.map((type) -> settings.settingsFor(type).lease())
					.reduce(properties.getClaim().getLease(), (a, b) -> (a.compareTo(b) >= 0) ? a : b);
				maxOverdue = longestLease.plus(HEALTH_MARGIN);
			}
			// The recurring schedules' loop is one of the pollers.
			return new AwtyHealthIndicator(monitor, maxOverdue, pollers::deadPollers, pauses::current);
		}

	}

}
