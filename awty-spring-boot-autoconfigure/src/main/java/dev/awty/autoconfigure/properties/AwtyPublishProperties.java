package dev.awty.autoconfigure.properties;

import java.time.Duration;

/**
 * Publishing settings, under {@code awty.publish.*}.
 */
public class AwtyPublishProperties {

	/**
	 * How long a batch waits, after its last send, for the broker acknowledgements its flow asked for; a
	 * message without one by then is a failed attempt.
	 */
	private Duration ackTimeout = Duration.ofSeconds(10);

	public Duration getAckTimeout() {
		return this.ackTimeout;
	}

	public void setAckTimeout(Duration ackTimeout) {
		this.ackTimeout = ackTimeout;
	}

}
