package dev.awty.internal.web.dashboard;

import java.time.Instant;
import java.time.format.DateTimeParseException;

import org.jspecify.annotations.Nullable;

import org.springframework.web.servlet.function.ServerRequest;

import dev.awty.internal.observe.TypeOverviews;
import dev.awty.internal.observe.TypeOverviews.TypeInfo;

/**
 * What a dashboard request names, read from its path and parameters: a value the user got wrong is an
 * {@link IllegalArgumentException} naming it (a 400), an unknown type a {@link DashboardResponses.NotFound}.
 */
final class DashboardRequests {

	private DashboardRequests() {
	}

	static TypeInfo type(TypeOverviews overviews, String name) {
		return overviews.type(name).orElseThrow(() -> new DashboardResponses.NotFound("Unknown event type '" + name
				+ "'; the types are " + overviews.names()));
	}

	/** The {@code limit} parameter, 50 when absent. */
	static int limit(ServerRequest request) {
		return number(request, "limit", 50);
	}

	static int number(ServerRequest request, String name, int fallback) {
		return request.param(name).map((text) -> number(name, text)).orElse(fallback);
	}

	/** The parameter {@code name}, {@code null} when absent or blank. */
	static @Nullable String text(ServerRequest request, String name) {
		return request.param(name).filter((text) -> !text.isBlank()).orElse(null);
	}

	/** An audit entry's id, a {@code BIGINT}. */
	static @Nullable Long id(ServerRequest request, String name) {
		String text = text(request, name);
		if (text == null) {
			return null;
		}
		try {
			return Long.parseLong(text);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " must be a number, was '" + text + "'");
		}
	}

	static @Nullable Instant dueAt(@Nullable String text) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try {
			return Instant.parse(text.strip());
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("dueAt must be an ISO-8601 instant such as 2030-01-01T12:00:00Z, was '"
					+ text + "'");
		}
	}

	private static int number(String name, String text) {
		try {
			return Integer.parseInt(text);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " must be a number, was '" + text + "'");
		}
	}

}
