package dev.awty.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

import dev.awty.ClaimMode;

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

	private final Claim claim = new Claim();

	@NestedConfigurationProperty
	private final AwtyPublishProperties publish = new AwtyPublishProperties();

	@NestedConfigurationProperty
	private final AwtyRetryProperties retry = new AwtyRetryProperties();

	private final Schema schema = new Schema();

	private final Database database = new Database();

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

	public Claim getClaim() {
		return this.claim;
	}

	public AwtyRetryProperties getRetry() {
		return this.retry;
	}

	public Schema getSchema() {
		return this.schema;
	}

	public Database getDatabase() {
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

	public static class Claim {

		/**
		 * How instances share the due rows of a type: leader (one instance polls a type at a time, under a
		 * lock) or skip-locked (every instance claims batches of its own).
		 */
		private ClaimMode mode = ClaimMode.LEADER;

		/**
		 * How long a claim holds a row unless extended; a live instance extends it every third of it while it
		 * works on the row, and a dead instance's rows become claimable again after it.
		 */
		private Duration lease = Duration.ofSeconds(30);

		public ClaimMode getMode() {
			return this.mode;
		}

		public void setMode(ClaimMode mode) {
			this.mode = mode;
		}

		public Duration getLease() {
			return this.lease;
		}

		public void setLease(Duration lease) {
			this.lease = lease;
		}

	}

	public static class Schema {

		/**
		 * Whether awty creates its own tables (the ShedLock table) with its own Liquibase changelog.
		 */
		private boolean initialize = true;

		/**
		 * Whether each event type's table is checked at start-up.
		 */
		private boolean validate = true;

		public boolean isInitialize() {
			return this.initialize;
		}

		public void setInitialize(boolean initialize) {
			this.initialize = initialize;
		}

		public boolean isValidate() {
			return this.validate;
		}

		public void setValidate(boolean validate) {
			this.validate = validate;
		}

	}

	public static class Database {

		/**
		 * SQL dialect to use instead of detecting it from the DataSource: postgresql, h2, mariadb or mysql.
		 */
		private @Nullable String dialect;

		public @Nullable String getDialect() {
			return this.dialect;
		}

		public void setDialect(@Nullable String dialect) {
			this.dialect = dialect;
		}

	}

}
