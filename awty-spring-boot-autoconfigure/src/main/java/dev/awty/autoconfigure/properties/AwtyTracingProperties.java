package dev.awty.autoconfigure.properties;

/**
 * One trace from scheduling to delivery, under {@code awty.tracing.*}: used when the application has a
 * Micrometer tracer and a type's table has the optional {@code trace_parent} column.
 */
public class AwtyTracingProperties {

	/**
	 * Whether rows keep the trace context of the code that schedules them and their publish and handler calls
	 * are observed. With {@code false}, the {@code trace_parent} column is neither written nor read.
	 */
	private boolean enabled = true;

	/**
	 * Whether each claim of due rows is observed too ({@code awty.claim}, a trace of its own). Off by default: an
	 * idle poller claims once per poll interval and would start a near-empty trace every time.
	 */
	private boolean claims = false;

	public boolean isClaims() {
		return this.claims;
	}

	public void setClaims(boolean claims) {
		this.claims = claims;
	}

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

}
