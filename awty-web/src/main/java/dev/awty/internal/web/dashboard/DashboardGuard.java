package dev.awty.internal.web.dashboard;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.internal.web.DashboardAccess;

/**
 * Who may read the dashboard and who may act from it: reads need what {@link DashboardAccess} asks, actions need
 * that too and a dashboard that is not read-only.
 */
final class DashboardGuard {

	private final DashboardAccess access;

	private final boolean readOnly;

	DashboardGuard(DashboardAccess access, boolean readOnly) {
		this.access = access;
		this.readOnly = readOnly;
	}

	DashboardAccess access() {
		return this.access;
	}

	boolean readOnly() {
		return this.readOnly;
	}

	/** {@code handler}, behind the read refusal every read of the dashboard shares. */
	HandlerFunction<ServerResponse> readable(HandlerFunction<ServerResponse> handler) {
		return (request) -> {
			String refusal = this.access.refusal(request.servletRequest());
			return (refusal != null) ? DashboardResponses.error(HttpStatus.FORBIDDEN, refusal)
					: handler.handle(request);
		};
	}

	/** Why {@code request} may not act, or {@code null} if it may. */
	@Nullable String actRefusal(ServerRequest request) {
		return this.readOnly ? "The dashboard is read-only (awty.dashboard.read-only=true)"
				: this.access.refusal(request.servletRequest());
	}

}
