package dev.awty.internal.delivery;

import org.springframework.core.NestedExceptionUtils;

/**
 * The one-line text of a failure, as stored in {@code last_error} and written to logs: the most specific
 * cause's simple class name and message, cut to fit the column.
 */
public final class ErrorText {

	private static final int MAX_LENGTH = 2000;

	private ErrorText() {
	}

	public static String of(Throwable failure) {
		Throwable cause = NestedExceptionUtils.getMostSpecificCause(failure);
		String text = cause.getClass().getSimpleName() + ": " + cause.getMessage();
		return (text.length() <= MAX_LENGTH) ? text : text.substring(0, MAX_LENGTH);
	}

}
