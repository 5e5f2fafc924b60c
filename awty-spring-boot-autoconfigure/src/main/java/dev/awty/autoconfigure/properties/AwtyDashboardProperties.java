package dev.awty.autoconfigure.properties;

/**
 * Dashboard settings, under {@code awty.dashboard.*}.
 */
public class AwtyDashboardProperties {

	/**
	 * Whether the dashboard is served under /awty in a servlet web application.
	 */
	private boolean enabled = false;

	/**
	 * Whether the dashboard only shows rows and refuses every action.
	 */
	private boolean readOnly = false;

	/**
	 * Role a user needs to read rows and act on them in the dashboard when Spring Security is on the classpath,
	 * without the ROLE_ prefix.
	 */
	private String role = "AWTY_OPERATOR";

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public boolean isReadOnly() {
		return this.readOnly;
	}

	public void setReadOnly(boolean readOnly) {
		this.readOnly = readOnly;
	}

	public String getRole() {
		return this.role;
	}

	public void setRole(String role) {
		this.role = role;
	}

}
