package dev.awty.internal.support;

/**
 * Fits error texts to the {@code last_error} column of a table, whose length the application chose: a text
 * longer than the column would fail the whole write that records it.
 */
public final class LastError {

	/** The length assumed when the column's cannot be read: the length in the changeSet awty prints. */
	public static final int DEFAULT_LENGTH = 2000;

	private LastError() {
	}

	/** {@code text} cut to at most {@code length} characters, never between the two halves of a surrogate pair. */
	public static String fit(String text, int length) {
		if (text.length() <= length) {
			return text;
		}
		int end = Character.isHighSurrogate(text.charAt(length - 1)) ? length - 1 : length;
		return text.substring(0, end);
	}

}
