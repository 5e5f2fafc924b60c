package dev.awty.autoconfigure.properties;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * Configuration of awty, under {@code awty.*}.
 */
@ConfigurationProperties(prefix = "awty", ignoreUnknownFields = false)
public class AwtyProperties {

	/**
	 * Whether awty schedules and delivers events.
	 */
	private boolean enabled = true;

	/**
	 * Identifier of this instance: the owner of its leader locks, and in claimed_by followed by a claim
	 * number. Defaults to the host name, the process id and a random suffix.
	 */
	private @Nullable String instanceId;

	@NestedConfigurationProperty
	private final AwtyPollerProperties poller = new AwtyPollerProperties();

	@NestedConfigurationProperty
	private final AwtyClaimProperties claim = new AwtyClaimProperties();

	@NestedConfigurationProperty
	private final AwtyPublishProperties publish = new AwtyPublishProperties();

	@NestedConfigurationProperty
	private final AwtyRetryProperties retry = new AwtyRetryProperties();

	@NestedConfigurationProperty
	private final AwtySchemaProperties schema = new AwtySchemaProperties();

	@NestedConfigurationProperty
	private final AwtyTracingProperties tracing = new AwtyTracingProperties();

	@NestedConfigurationProperty
	private final AwtyDatabaseProperties database = new AwtyDatabaseProperties();

	@NestedConfigurationProperty
	private final AwtyLockProperties lock = new AwtyLockProperties();

	@NestedConfigurationProperty
	private final AwtyObservabilityProperties.Metrics metrics = new AwtyObservabilityProperties.Metrics();

	@NestedConfigurationProperty
	private final AwtyObservabilityProperties.Health health = new AwtyObservabilityProperties.Health();

	@NestedConfigurationProperty
	private final AwtyDashboardProperties dashboard = new AwtyDashboardProperties();

	@NestedConfigurationProperty
	private final AwtyChecksProperties checks = new AwtyChecksProperties();

	@NestedConfigurationProperty
	private final AwtyHistoryProperties history = new AwtyHistoryProperties();

	@NestedConfigurationProperty
	private final AwtyHousekeepingProperties housekeeping = new AwtyHousekeepingProperties();

	@NestedConfigurationProperty
	private final AwtyRecurringProperties recurring = new AwtyRecurringProperties();

	/**
	 * Per-type overrides, keyed by event type name.
	 */
	private final Map<String, AwtyTypeProperties> types = new LinkedHashMap<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public @Nullable String getInstanceId() {
		return this.instanceId;
	}

	public void setInstanceId(@Nullable String instanceId) {
		this.instanceId = instanceId;
	}

	public AwtyPollerProperties getPoller() {
		return this.poller;
	}

	public AwtyPublishProperties getPublish() {
		return this.publish;
	}

	public AwtyClaimProperties getClaim() {
		return this.claim;
	}

	public AwtyRetryProperties getRetry() {
		return this.retry;
	}

	public AwtySchemaProperties getSchema() {
		return this.schema;
	}

	public AwtyTracingProperties getTracing() {
		return this.tracing;
	}

	public AwtyDatabaseProperties getDatabase() {
		return this.database;
	}

	public AwtyLockProperties getLock() {
		return this.lock;
	}

	public AwtyObservabilityProperties.Metrics getMetrics() {
		return this.metrics;
	}

	public AwtyObservabilityProperties.Health getHealth() {
		return this.health;
	}

	public AwtyDashboardProperties getDashboard() {
		return this.dashboard;
	}

	public AwtyChecksProperties getChecks() {
		return this.checks;
	}

	public AwtyHistoryProperties getHistory() {
		return this.history;
	}

	public AwtyHousekeepingProperties getHousekeeping() {
		return this.housekeeping;
	}

	public AwtyRecurringProperties getRecurring() {
		return this.recurring;
	}

	public Map<String, AwtyTypeProperties> getTypes() {
		return this.types;
	}

}
