package dev.awty.autoconfigure;

/**
 * One trace from scheduling to delivery, under {@code awty.tracing.*}: used when the application has a
 * Micrometer tracer and a type's table has the optional {@code trace_parent} column.
 */
public class AwtyTracingProperties {

	/**
	 * Whether rows keep the trace context of the code that schedules them and their publish, handler and claim
	 * are observed. With {@code false}, the {@code trace_parent} column is neither written nor read.
	 */
	private boolean enabled = true;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

}
