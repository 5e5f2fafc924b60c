package dev.awty;

/**
 * Thrown at start-up when awty's configuration or the application's wiring makes no sense: an invalid
 * property value, an override for an unknown type, a channel that does not exist. {@link #getAction()}
 * says what to change.
 */
public class AwtyConfigurationException extends AwtyException {

	private final String action;

	public AwtyConfigurationException(String description, String action) {
		super(description);
		this.action = action;
	}

	/** What to change to fix the problem, in one or two sentences. */
	public String getAction() {
		return this.action;
	}

}
