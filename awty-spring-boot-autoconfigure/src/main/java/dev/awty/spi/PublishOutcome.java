package dev.awty.spi;

import org.jspecify.annotations.Nullable;

/**
 * The result of publishing one message: success, or failure with an error text for {@code last_error}.
 *
 * @param error why the publish failed; {@code null} on success
 */
public record PublishOutcome(@Nullable String error) {

	private static final PublishOutcome SUCCESS = new PublishOutcome(null);

	public static PublishOutcome success() {
		return SUCCESS;
	}

	public static PublishOutcome failure(String error) {
		return new PublishOutcome(error);
	}

	public boolean succeeded() {
		return this.error == null;
	}

}
