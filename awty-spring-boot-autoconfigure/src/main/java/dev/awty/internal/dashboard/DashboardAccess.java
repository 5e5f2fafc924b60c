package dev.awty.internal.dashboard;

import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * Who may act on rows from the dashboard. Without Spring Security everybody who reaches the page may,
 * so the page must not be exposed publicly.
 */
public interface DashboardAccess {

	/** Access for applications without Spring Security: every request may act. */
	DashboardAccess OPEN = new DashboardAccess() {
	};

	/** Why {@code request} may not act on rows, or {@code null} if it may. */
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
