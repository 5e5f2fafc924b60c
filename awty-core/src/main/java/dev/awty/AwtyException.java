package dev.awty;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when awty cannot do what it was asked; the message says what was wrong and how to fix it.
 */
public class AwtyException extends RuntimeException {

	public AwtyException(String message) {
		super(message);
	}

	public AwtyException(String message, @Nullable Throwable cause) {
		super(message, cause);
	}

}
