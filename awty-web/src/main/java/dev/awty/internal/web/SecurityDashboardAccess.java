package dev.awty.internal.web;

import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.csrf.CsrfToken;

/**
 * Access with Spring Security: reads and actions need an authenticated user with the configured role; the
 * application's security filter chain checks the CSRF token sent with every state change.
 */
public final class SecurityDashboardAccess implements DashboardAccess {

	private final String authority;

	public SecurityDashboardAccess(String role) {
		this.authority = role.startsWith("ROLE_") ? role : "ROLE_" + role;
	}

	@Override
	public @Nullable String refusal(HttpServletRequest request) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !authentication.isAuthenticated()
				|| authentication instanceof AnonymousAuthenticationToken) {
			return "Sign in with a user that has role " + this.authority;
		}
		boolean granted = authentication.getAuthorities().stream()
			.anyMatch((granted1) -> this.authority.equals(granted1.getAuthority()));
		return granted ? null : "User '" + authentication.getName() + "' lacks role " + this.authority;
	}

	@Override
	public @Nullable String user(HttpServletRequest request) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		return (authentication == null || authentication instanceof AnonymousAuthenticationToken) ? null
				: authentication.getName();
	}

	@Override
	public Map<String, String> csrf(HttpServletRequest request) {
		if (request.getAttribute(CsrfToken.class.getName()) instanceof CsrfToken token) {
			return Map.of("headerName", token.getHeaderName(), "token", token.getToken());
		}
		return Map.of();
	}

}
