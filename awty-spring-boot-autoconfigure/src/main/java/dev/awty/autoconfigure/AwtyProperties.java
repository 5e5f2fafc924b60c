package dev.awty.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

import dev.awty.ClaimMode;
import dev.awty.OnDelivered;

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

	private final Poller poller = new Poller();

	private final Claim claim = new Claim();

	private final Retry retry = new Retry();

	private final Schema schema = new Schema();

	private final Database database = new Database();

	private final Lock lock = new Lock();

	/**
	 * Per-type overrides, keyed by event type name.
	 */
	private final Map<String, Type> types = new LinkedHashMap<>();

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

	public Poller getPoller() {
		return this.poller;
	}

	public Claim getClaim() {
		return this.claim;
	}

	public Retry getRetry() {
		return this.retry;
	}

	public Schema getSchema() {
		return this.schema;
	}

	public Database getDatabase() {
		return this.database;
	}

	public Lock getLock() {
		return this.lock;
	}

	public Map<String, Type> getTypes() {
		return this.types;
	}

	public static class Poller {

		/**
		 * How long a poller sleeps when nothing is due.
		 */
		private Duration pollInterval = Duration.ofSeconds(1);

		/**
		 * Maximum number of rows claimed and published per batch.
		 */
		private int batchSize = 500;

		/**
		 * How many claimed batches of one type this instance processes at once. Defaults to 1 in leader
		 * mode and to the number of processors in skip-locked mode.
		 */
		private @Nullable Integer concurrency;

		/**
		 * What happens to a row once published: mark it DELIVERED, or delete it.
		 */
		private OnDelivered onDelivered = OnDelivered.MARK;

		/**
		 * Whether instances on PostgreSQL wake each other with LISTEN/NOTIFY when a row is scheduled to be
		 * due before their next poll.
		 */
		private boolean listenNotify = true;

		/**
		 * How long shutdown waits for batches in flight to finish.
		 */
		private Duration shutdownTimeout = Duration.ofSeconds(30);

		/**
		 * How long a publish may wait for a channel to accept a message.
		 */
		private Duration sendTimeout = Duration.ofSeconds(30);

		public Duration getPollInterval() {
			return this.pollInterval;
		}

		public void setPollInterval(Duration pollInterval) {
			this.pollInterval = pollInterval;
		}

		public int getBatchSize() {
			return this.batchSize;
		}

		public void setBatchSize(int batchSize) {
			this.batchSize = batchSize;
		}

		public @Nullable Integer getConcurrency() {
			return this.concurrency;
		}

		public void setConcurrency(@Nullable Integer concurrency) {
			this.concurrency = concurrency;
		}

		public OnDelivered getOnDelivered() {
			return this.onDelivered;
		}

		public void setOnDelivered(OnDelivered onDelivered) {
			this.onDelivered = onDelivered;
		}

		public boolean isListenNotify() {
			return this.listenNotify;
		}

		public void setListenNotify(boolean listenNotify) {
			this.listenNotify = listenNotify;
		}

		public Duration getShutdownTimeout() {
			return this.shutdownTimeout;
		}

		public void setShutdownTimeout(Duration shutdownTimeout) {
			this.shutdownTimeout = shutdownTimeout;
		}

		public Duration getSendTimeout() {
			return this.sendTimeout;
		}

		public void setSendTimeout(Duration sendTimeout) {
			this.sendTimeout = sendTimeout;
		}

	}

	public static class Claim {

		/**
		 * How instances share the due rows of a type: leader (one instance polls a type at a time, under a
		 * lock) or skip-locked (every instance claims batches of its own).
		 */
		private ClaimMode mode = ClaimMode.LEADER;

		/**
		 * How long a claim holds a row; a row whose instance died becomes claimable again after it.
		 */
		private Duration lease = Duration.ofMinutes(5);

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

	public static class Retry {

		/**
		 * Number of delivery attempts after which a row becomes FAILED.
		 */
		private int maxAttempts = 10;

		/**
		 * Delay before the second attempt.
		 */
		private Duration initialBackoff = Duration.ofSeconds(1);

		/**
		 * Factor applied to the delay after each further failed attempt.
		 */
		private double multiplier = 2.0;

		/**
		 * Longest delay between two attempts.
		 */
		private Duration maxBackoff = Duration.ofHours(1);

		/**
		 * Random spread applied to each delay, as a fraction (0.2 means plus or minus 20 percent).
		 */
		private double jitter = 0.2;

		public int getMaxAttempts() {
			return this.maxAttempts;
		}

		public void setMaxAttempts(int maxAttempts) {
			this.maxAttempts = maxAttempts;
		}

		public Duration getInitialBackoff() {
			return this.initialBackoff;
		}

		public void setInitialBackoff(Duration initialBackoff) {
			this.initialBackoff = initialBackoff;
		}

		public double getMultiplier() {
			return this.multiplier;
		}

		public void setMultiplier(double multiplier) {
			this.multiplier = multiplier;
		}

		public Duration getMaxBackoff() {
			return this.maxBackoff;
		}

		public void setMaxBackoff(Duration maxBackoff) {
			this.maxBackoff = maxBackoff;
		}

		public double getJitter() {
			return this.jitter;
		}

		public void setJitter(double jitter) {
			this.jitter = jitter;
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
		 * SQL dialect to use instead of detecting it from the DataSource: postgresql or h2.
		 */
		private @Nullable String dialect;

		public @Nullable String getDialect() {
			return this.dialect;
		}

		public void setDialect(@Nullable String dialect) {
			this.dialect = dialect;
		}

	}

	public static class Lock {

		/**
		 * Where the leader locks live: jdbc (the ShedLock table in the application's database) or redis (the
		 * application's Redis, through its RedisConnectionFactory).
		 */
		private Provider provider = Provider.JDBC;

		/**
		 * Name of the ShedLock table holding the leader locks.
		 */
		private String tableName = "shedlock";

		public Provider getProvider() {
			return this.provider;
		}

		public void setProvider(Provider provider) {
			this.provider = provider;
		}

		public String getTableName() {
			return this.tableName;
		}

		public void setTableName(String tableName) {
			this.tableName = tableName;
		}

	}

	/**
	 * Where leader locks live.
	 */
	public enum Provider {

		/** The ShedLock table in the application's database. */
		JDBC,

		/** The application's Redis. */
		REDIS

	}

	public static class Type {

		/**
		 * How long this type's poller sleeps when nothing is due; defaults to awty.poller.poll-interval.
		 */
		private @Nullable Duration pollInterval;

		/**
		 * Maximum rows per batch for this type; defaults to awty.poller.batch-size.
		 */
		private @Nullable Integer batchSize;

		/**
		 * Batches of this type processed at once; defaults to awty.poller.concurrency.
		 */
		private @Nullable Integer concurrency;

		/**
		 * Attempts before a row of this type becomes FAILED; defaults to awty.retry.max-attempts.
		 */
		private @Nullable Integer maxAttempts;

		/**
		 * Delay before the second attempt for this type; defaults to awty.retry.initial-backoff.
		 */
		private @Nullable Duration initialBackoff;

		/**
		 * Longest delay between two attempts for this type; defaults to awty.retry.max-backoff.
		 */
		private @Nullable Duration maxBackoff;

		/**
		 * Slot length: due times written through the API are rounded up to the next multiple of it (counted
		 * from the epoch), so rows due in one slot are delivered together. No rounding when unset.
		 */
		private @Nullable Duration resolution;

		/**
		 * Whether due rows are claimed highest priority column first, then earliest due.
		 */
		private boolean priority = false;

		/**
		 * What happens to a row of this type once published; defaults to awty.poller.on-delivered.
		 */
		private @Nullable OnDelivered onDelivered;

		private final TypeClaim claim = new TypeClaim();

		public @Nullable Duration getPollInterval() {
			return this.pollInterval;
		}

		public void setPollInterval(@Nullable Duration pollInterval) {
			this.pollInterval = pollInterval;
		}

		public @Nullable Integer getBatchSize() {
			return this.batchSize;
		}

		public void setBatchSize(@Nullable Integer batchSize) {
			this.batchSize = batchSize;
		}

		public @Nullable Integer getConcurrency() {
			return this.concurrency;
		}

		public void setConcurrency(@Nullable Integer concurrency) {
			this.concurrency = concurrency;
		}

		public @Nullable Integer getMaxAttempts() {
			return this.maxAttempts;
		}

		public void setMaxAttempts(@Nullable Integer maxAttempts) {
			this.maxAttempts = maxAttempts;
		}

		public @Nullable Duration getInitialBackoff() {
			return this.initialBackoff;
		}

		public void setInitialBackoff(@Nullable Duration initialBackoff) {
			this.initialBackoff = initialBackoff;
		}

		public @Nullable Duration getMaxBackoff() {
			return this.maxBackoff;
		}

		public void setMaxBackoff(@Nullable Duration maxBackoff) {
			this.maxBackoff = maxBackoff;
		}

		public @Nullable Duration getResolution() {
			return this.resolution;
		}

		public void setResolution(@Nullable Duration resolution) {
			this.resolution = resolution;
		}

		public boolean isPriority() {
			return this.priority;
		}

		public void setPriority(boolean priority) {
			this.priority = priority;
		}

		public @Nullable OnDelivered getOnDelivered() {
			return this.onDelivered;
		}

		public void setOnDelivered(@Nullable OnDelivered onDelivered) {
			this.onDelivered = onDelivered;
		}

		public TypeClaim getClaim() {
			return this.claim;
		}

	}

	public static class TypeClaim {

		/**
		 * Claim mode of this type; defaults to awty.claim.mode.
		 */
		private @Nullable ClaimMode mode;

		/**
		 * Claim lease of this type; defaults to awty.claim.lease.
		 */
		private @Nullable Duration lease;

		public @Nullable ClaimMode getMode() {
			return this.mode;
		}

		public void setMode(@Nullable ClaimMode mode) {
			this.mode = mode;
		}

		public @Nullable Duration getLease() {
			return this.lease;
		}

		public void setLease(@Nullable Duration lease) {
			this.lease = lease;
		}

	}

}
