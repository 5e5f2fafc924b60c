package dev.awty.internal.support;

/**
 * The lifecycle phases of what awty starts, in one place so that the parts that must start and stop together name
 * the same phase without depending on each other.
 */
public final class LifecyclePhases {

	/**
	 * The pollers and what wakes them: later than Spring Integration endpoints, so consumers are subscribed before
	 * the first publish, and stopped before the channels and the DataSource.
	 */
	public static final int POLLERS = Integer.MAX_VALUE - 1000;

	private LifecyclePhases() {
	}

}
