package dev.awty.internal.audit;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

import dev.awty.spi.CurrentOperator;

/**
 * The operator Spring Security authenticated on this thread: a request to the dashboard, the actuator or the REST API
 * of schedules, or the application's own code running as a user. Spring Security's anonymous user, an unauthenticated
 * token and no token at all are {@link CurrentOperator#ANONYMOUS}.
 */
public final class SecurityContextOperator implements CurrentOperator {

	@Override
	public String name() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !authentication.isAuthenticated()
				|| authentication instanceof AnonymousAuthenticationToken) {
			return ANONYMOUS;
		}
		String name = authentication.getName();
		return (name == null || name.isBlank()) ? ANONYMOUS : name;
	}

}
