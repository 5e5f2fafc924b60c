package dev.awty.autoconfigure.settings;

import dev.awty.AwtyConfigurationException;

/**
 * The one check every setting goes through, so that each start-up failure names the property, the value it had and
 * what to set instead, in the same words wherever it is raised.
 */
public final class Requirements {

	private Requirements() {
	}

	/**
	 * Fails start-up unless {@code condition} holds.
	 * @param condition what the setting must satisfy
	 * @param description the property and the value it had, e.g. "awty.poller.batch-size must be at least 1, was 0"
	 * @param action what to set instead, e.g. "Set it to e.g. 500."
	 */
	public static void require(boolean condition, String description, String action) {
		if (!condition) {
			throw new AwtyConfigurationException(description, action);
		}
	}

}
