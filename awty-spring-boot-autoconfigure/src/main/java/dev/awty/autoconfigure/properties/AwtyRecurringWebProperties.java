package dev.awty.autoconfigure.properties;

/**
 * The REST endpoints of recurring schedules, under {@code awty.recurring.web.*}.
 */
public class AwtyRecurringWebProperties {

	/**
	 * Whether the REST endpoints under /awty/schedules are served (needs Spring MVC).
	 */
	private boolean enabled;

	/**
	 * Whether the endpoints serve every caller when Spring Security is absent: risky, since anybody who reaches
	 * the application may then create, change and delete schedules.
	 */
	private boolean open;

	/**
	 * Role a user needs for every endpoint when Spring Security is on the classpath, without the ROLE_ prefix.
	 */
	private String role = "AWTY_OPERATOR";

	/**
	 * Largest number of schedules one POST to /awty/schedules/batch may create.
	 */
	private int maxBatchSize = 1000;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public boolean isOpen() {
		return this.open;
	}

	public void setOpen(boolean open) {
		this.open = open;
	}

	public String getRole() {
		return this.role;
	}

	public void setRole(String role) {
		this.role = role;
	}

	public int getMaxBatchSize() {
		return this.maxBatchSize;
	}

	public void setMaxBatchSize(int maxBatchSize) {
		this.maxBatchSize = maxBatchSize;
	}

}
