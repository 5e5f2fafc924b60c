package dev.awty.internal.web.schedules;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.internal.web.DashboardAccess;

/**
 * Lets a request to the schedule endpoints through, or refuses it with 403, or with 415 for a change not sent as
 * JSON. Runs before the body is read, which happens whole, with no size limit for JSON, before it is parsed.
 */
final class ScheduleRequestGuard {

	private final DashboardAccess access;

	ScheduleRequestGuard(DashboardAccess access) {
		this.access = access;
	}

	/** The answer refusing {@code request}, or {@code null} to let it through. */
	@Nullable ServerResponse refusal(ServerRequest request) {
		HttpServletRequest servletRequest = request.servletRequest();
		String refusal = this.access.refusal(servletRequest);
		if (refusal != null) {
			return ScheduleRoutes.failure(HttpStatus.FORBIDDEN, "access", refusal);
		}
		// A DELETE, which no cross-site form can send, needs no JSON; the methods that carry a body do.
		if (HttpMethod.GET.matches(servletRequest.getMethod()) || HttpMethod.DELETE.matches(servletRequest.getMethod())
				|| isJson(servletRequest.getContentType())) {
			return null;
		}
		return notJson();
	}

	static ServerResponse notJson() {
		return ScheduleRoutes.failure(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "body",
				"Changes to schedules must be sent with Content-Type: application/json (an empty body will do for "
						+ "pause and resume)");
	}

	// A cross-site form can only send form or plain-text bodies; JSON needs a CORS preflight the application
	// controls, so requiring it on every change keeps forms of other sites out even without CSRF tokens.
	private static boolean isJson(@Nullable String contentType) {
		MediaType type;
		try {
			type = (contentType != null) ? MediaType.parseMediaType(contentType) : null;
		}
		catch (InvalidMediaTypeException ex) {
			type = null;
		}
		return type != null && MediaType.APPLICATION_JSON.isCompatibleWith(type);
	}

}
