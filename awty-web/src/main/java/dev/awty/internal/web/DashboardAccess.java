package dev.awty.internal.web;

import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * Who may read and act on rows from the dashboard, and call the recurring schedule endpoints. Without Spring
 * Security everybody who reaches the dashboard may, so it must not be exposed publicly.
 */
public interface DashboardAccess {

	/** Access for applications without Spring Security: every request may act. */
	DashboardAccess OPEN = new DashboardAccess() {
	};

	/** Access that refuses every request, giving {@code reason}. */
	static DashboardAccess refusing(String reason) {
		return new DashboardAccess() {

			@Override
			public String refusal(HttpServletRequest request) {
				return reason;
			}

		};
	}

	/** Why {@code request} may not read or act on rows, or {@code null} if it may. */
	default @Nullable String refusal(HttpServletRequest request) {
		return null;
	}

	/** The user's name, or {@code null} when unknown. */
	default @Nullable String user(HttpServletRequest request) {
		return null;
	}

	/** The header name and token the page must send with actions, or an empty map when there is no CSRF token. */
	default Map<String, String> csrf(HttpServletRequest request) {
		return Map.of();
	}

}
