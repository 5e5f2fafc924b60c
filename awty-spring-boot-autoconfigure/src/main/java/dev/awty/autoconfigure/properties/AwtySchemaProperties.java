package dev.awty.autoconfigure.properties;

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
