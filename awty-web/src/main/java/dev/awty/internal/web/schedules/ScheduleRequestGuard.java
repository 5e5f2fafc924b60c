package dev.awty.internal.web.schedules;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

import dev.awty.internal.web.DashboardAccess;

/**
 * Lets a request to the schedule endpoints through, or throws what {@link RecurringScheduleController} answers
 * with 403 or 415.
 */
final class ScheduleRequestGuard {

	private final DashboardAccess access;

	ScheduleRequestGuard(DashboardAccess access) {
		this.access = access;
	}

	// A cross-site form can only send form or plain-text bodies; JSON needs a CORS preflight the application
	// controls, so requiring it on every change keeps forms of other sites out even without CSRF tokens.
	void requireChange(HttpServletRequest request) {
		requireAccess(request);
		String contentType = request.getContentType();
		MediaType type;
		try {
			type = (contentType != null) ? MediaType.parseMediaType(contentType) : null;
		}
		catch (InvalidMediaTypeException ex) {
			type = null;
		}
		if (type == null || !MediaType.APPLICATION_JSON.isCompatibleWith(type)) {
			throw new NotJson();
		}
	}

	void requireAccess(HttpServletRequest request) {
		String refusal = this.access.refusal(request);
		if (refusal != null) {
			throw new AccessRefused(refusal);
		}
	}

	static final class NotJson extends RuntimeException {

	}

	static final class AccessRefused extends RuntimeException {

		AccessRefused(String message) {
			super(message);
		}

	}

}
