package dev.awty.internal.support;

import java.util.Objects;

import dev.awty.spi.PublishOutcome;

/**
 * The one-line text of a failure, as stored in {@code last_error} and written to logs: the most specific
 * cause's simple class name and message, cut to fit the column.
 */
public final class ErrorText {

	private ErrorText() {
	}

	public static String of(Throwable failure) {
		// The wording is the SPI's, which the public publishers use too: a failed publish and a failed handler
		// read alike in last_error and in the logs.
		return Objects.requireNonNull(PublishOutcome.failure(failure).error());
	}

}
