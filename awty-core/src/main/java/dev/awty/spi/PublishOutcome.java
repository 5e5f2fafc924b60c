package dev.awty.spi;

import org.jspecify.annotations.Nullable;

import org.springframework.core.NestedExceptionUtils;

/**
 * The result of publishing one message: success, or failure with an error text for {@code last_error}.
 *
 * @param error why the publish failed; {@code null} on success
 */
public record PublishOutcome(@Nullable String error) {

	private static final PublishOutcome SUCCESS = new PublishOutcome(null);

	private static final int MAX_ERROR_LENGTH = 2000;

	public static PublishOutcome success() {
		return SUCCESS;
	}

	public static PublishOutcome failure(String error) {
		return new PublishOutcome(error);
	}

	/**
	 * A failure worded as awty words every error it stores in {@code last_error}: the most specific cause's simple
	 * class name and message, cut to 2,000 characters.
	 */
	public static PublishOutcome failure(Throwable failure) {
		Throwable cause = NestedExceptionUtils.getMostSpecificCause(failure);
		String text = cause.getClass().getSimpleName() + ": " + cause.getMessage();
		return new PublishOutcome((text.length() <= MAX_ERROR_LENGTH) ? text : text.substring(0, MAX_ERROR_LENGTH));
	}

	public boolean succeeded() {
		return this.error == null;
	}

}
