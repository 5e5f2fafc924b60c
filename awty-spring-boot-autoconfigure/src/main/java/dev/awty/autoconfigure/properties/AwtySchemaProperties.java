package dev.awty.autoconfigure.properties;

import java.time.Duration;

/**
 * What awty does with tables at start-up, under {@code awty.schema.*}.
 */
public class AwtySchemaProperties {

	/**
	 * Whether awty creates and upgrades its own tables (locks, history, recurring schedules, limits) with its own
	 * Liquibase changelog, after the application's Flyway or Liquibase migrations.
	 */
	private boolean initialize = true;

	/**
	 * Whether each event type's table is checked at start-up.
	 */
	private boolean validate = true;

	/**
	 * How long a start waits for another instance that is creating or upgrading awty's tables before it fails naming
	 * the session that holds the lock.
	 */
	private Duration lockTimeout = Duration.ofMinutes(5);

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

	public Duration getLockTimeout() {
		return this.lockTimeout;
	}

	public void setLockTimeout(Duration lockTimeout) {
		this.lockTimeout = lockTimeout;
	}

}
