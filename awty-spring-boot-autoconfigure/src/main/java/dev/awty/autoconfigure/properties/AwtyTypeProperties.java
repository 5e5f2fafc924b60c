package dev.awty.autoconfigure.properties;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.NestedConfigurationProperty;

import dev.awty.Holding;
import dev.awty.OnDelivered;

/**
 * Overrides for one event type, under {@code awty.types.<name>.*}; unset values fall back to the global ones. Those
 * of the handler, its history and its finished rows are declared in {@link AwtyTypeHandlingProperties}.
 */
public class AwtyTypeProperties extends AwtyTypeHandlingProperties {

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

	/**
	 * How this type's claimed batches are held: 'transaction' or 'lease'. Defaults to awty.poller.holding.
	 */
	private @Nullable Holding holding;

	@NestedConfigurationProperty
	private final AwtyTypeClaimProperties claim = new AwtyTypeClaimProperties();

	@NestedConfigurationProperty
	private final AwtyTypeLimitProperties limit = new AwtyTypeLimitProperties();

	@NestedConfigurationProperty
	private final AwtyKafkaRouteProperties kafka = new AwtyKafkaRouteProperties();

	@NestedConfigurationProperty
	private final AwtyRabbitRouteProperties rabbit = new AwtyRabbitRouteProperties();

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

	public @Nullable Holding getHolding() {
		return this.holding;
	}

	public void setHolding(@Nullable Holding holding) {
		this.holding = holding;
	}

	public @Nullable OnDelivered getOnDelivered() {
		return this.onDelivered;
	}

	public void setOnDelivered(@Nullable OnDelivered onDelivered) {
		this.onDelivered = onDelivered;
	}

	public AwtyTypeClaimProperties getClaim() {
		return this.claim;
	}

	public AwtyTypeLimitProperties getLimit() {
		return this.limit;
	}

	public AwtyKafkaRouteProperties getKafka() {
		return this.kafka;
	}

	public AwtyRabbitRouteProperties getRabbit() {
		return this.rabbit;
	}

}
