package dev.awty.internal.web.dashboard;

import java.sql.SQLException;
import java.util.UUID;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.AwtyException;

/**
 * How the dashboard answers: never in a frame, and errors as {@code {"error": "..."}} with a status that says whose
 * fault it was; a database's own error text goes to the log only.
 */
final class DashboardResponses {

	private static final Log logger = LogFactory.getLog(DashboardRoutes.class);

	private DashboardResponses() {
	}

	// A framed page could be clicked through by another site (clickjacking a Cancel), so no answer may be framed.
	static ServerResponse.BodyBuilder respond(HttpStatus status) {
		return ServerResponse.status(status)
			.header("X-Frame-Options", "DENY")
			.header("Content-Security-Policy", "frame-ancestors 'none'");
	}

	/**
	 * The refusal of a change not sent as JSON, {@code null} for JSON. Without Spring Security there is no CSRF token:
	 * JSON, which a cross-site form cannot send, stands in for it. Checked here rather than left to the message
	 * converters, since an application may have one that reads JSON sent as any type.
	 */
	static @Nullable ServerResponse notJson(ServerRequest request, String what) {
		if (request.headers().contentType().filter(MediaType.APPLICATION_JSON::isCompatibleWith).isPresent()) {
			return null;
		}
		return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Send " + what + " actions with Content-Type: application/json,"
				+ " as the dashboard page does");
	}

	static ServerResponse error(HttpStatus status, @Nullable String message) {
		return respond(status).body(new DashboardJson.Failure(String.valueOf(message)));
	}

	/** Answers a request, turning what the user got wrong into 400 and what does not exist into 404. */
	static HandlerFunction<ServerResponse> handle(HandlerFunction<ServerResponse> handler) {
		return (request) -> {
			try {
				return handler.handle(request);
			}
			catch (NotFound ex) {
				return error(HttpStatus.NOT_FOUND, ex.getMessage());
			}
			catch (IllegalArgumentException | AwtyException ex) {
				if (NestedExceptionUtils.getMostSpecificCause(ex) instanceof SQLException
						|| ex.getCause() instanceof DataAccessException) {
					// The database's text can name tables, columns and values: the log gets it, the page does not.
					String reference = UUID.randomUUID().toString().substring(0, 8);
					logger.warn("awty: dashboard request " + request.method() + " " + request.path()
							+ " failed in the database (reference " + reference + "): " + ex.getMessage(), ex);
					return error(HttpStatus.BAD_REQUEST, "The database refused this request; the server log has the "
							+ "details under reference " + reference);
				}
				return error(HttpStatus.BAD_REQUEST, ex.getMessage());
			}
		};
	}

	/** What the request names does not exist: an unknown type, or recurring schedules that are off. */
	static final class NotFound extends RuntimeException {

		NotFound(String message) {
			super(message);
		}

	}

}
