package dev.awty.testing;

import java.util.List;

import jakarta.servlet.Filter;

import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.DefaultSecurityFilterChain;
import org.springframework.security.web.FilterChainProxy;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.security.web.csrf.CsrfTokenRequestAttributeHandler;
import org.springframework.security.web.csrf.DefaultCsrfToken;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;
import org.springframework.security.web.util.matcher.AnyRequestMatcher;
import org.springframework.mock.web.MockHttpSession;

/**
 * A Spring Security filter chain like an application's: HTTP basic sign-in, anonymous users, and CSRF protection of
 * every state change, with the token kept in the session. Users {@code ada} (role {@code AWTY_OPERATOR}) and
 * {@code bob} (role {@code USER}), both with password {@value #PASSWORD}.
 */
public final class TestSecurity {

	public static final String PASSWORD = "secret";

	public static final String CSRF_HEADER = "X-CSRF-TOKEN";

	private static final String CSRF_TOKEN = "t0k3n";

	private TestSecurity() {
	}

	public static Filter filterChain() {
		InMemoryUserDetailsManager users = new InMemoryUserDetailsManager(
				User.withUsername("ada").password("{noop}" + PASSWORD).roles("AWTY_OPERATOR").build(),
				User.withUsername("bob").password("{noop}" + PASSWORD).roles("USER").build());
		DaoAuthenticationProvider provider = new DaoAuthenticationProvider(users);
		provider.setPasswordEncoder(PasswordEncoderFactories.createDelegatingPasswordEncoder());
		HttpSessionCsrfTokenRepository tokens = new HttpSessionCsrfTokenRepository();
		CsrfFilter csrf = new CsrfFilter(tokens);
		csrf.setRequestHandler(new CsrfTokenRequestAttributeHandler());
		List<Filter> filters = List.of(new SecurityContextHolderFilter(new RequestAttributeSecurityContextRepository()),
				csrf, new BasicAuthenticationFilter(new ProviderManager(provider)),
				new AnonymousAuthenticationFilter("test"));
		return new FilterChainProxy(new DefaultSecurityFilterChain(AnyRequestMatcher.INSTANCE, filters));
	}

	/** A session holding the CSRF token that {@link #csrfToken()} returns. */
	public static MockHttpSession sessionWithCsrfToken() {
		MockHttpSession session = new MockHttpSession();
		session.setAttribute(HttpSessionCsrfTokenRepository.class.getName().concat(".CSRF_TOKEN"),
				new DefaultCsrfToken(CSRF_HEADER, "_csrf", CSRF_TOKEN));
		return session;
	}

	public static String csrfToken() {
		return CSRF_TOKEN;
	}

}
