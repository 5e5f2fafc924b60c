package dev.awty.internal.tracing;

import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The stored form of a trace context: a W3C {@code traceparent}, {@code version-traceid-parentid-flags} in
 * lower-case hex. Checked before it is handed to the tracer, so that a value damaged in the table starts a new
 * trace with a warning instead of failing the delivery.
 */
final class TraceParents {

	/** The length of a version-00 {@code traceparent}; the column holds up to 64 characters for later versions. */
	static final int MAX_LENGTH = 64;

	private static final Pattern FORMAT = Pattern.compile("[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");

	private static final String ZERO_TRACE = "0".repeat(32);

	private static final String ZERO_PARENT = "0".repeat(16);

	private TraceParents() {
	}

	/** Whether {@code value} is a {@code traceparent} a tracer can continue. */
	static boolean isValid(@Nullable String value) {
		if (value == null || !FORMAT.matcher(value).matches() || value.startsWith("ff")) {
			return false;
		}
		String[] parts = value.split("-");
		return !parts[1].equals(ZERO_TRACE) && !parts[2].equals(ZERO_PARENT);
	}

	/** {@code value} if it fits the column, else {@code null}: a context too long to store is not kept. */
	static @Nullable String storable(@Nullable String value) {
		return (value != null && value.length() <= MAX_LENGTH) ? value : null;
	}

}
