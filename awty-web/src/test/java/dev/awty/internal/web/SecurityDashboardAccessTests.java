package dev.awty.internal.web;


import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.DefaultCsrfToken;

import static org.assertj.core.api.Assertions.assertThat;

class SecurityDashboardAccessTests {

	private final SecurityDashboardAccess access = new SecurityDashboardAccess("AWTY_OPERATOR");

	private final MockHttpServletRequest request = new MockHttpServletRequest();

	@AfterEach
	void clear() {
		SecurityContextHolder.clearContext();
	}

	@Test
	void anonymousUserMayNotActAndIsToldToSignInWithTheRole() {
		SecurityContextHolder.getContext().setAuthentication(new AnonymousAuthenticationToken("key", "anonymous",
				AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));
		assertThat(this.access.refusal(this.request)).isEqualTo("Sign in with a user that has role ROLE_AWTY_OPERATOR");
		assertThat(this.access.user(this.request)).isNull();
	}

	@Test
	void signedInUserWithoutTheRoleMayNotAct() {
		SecurityContextHolder.getContext().setAuthentication(UsernamePasswordAuthenticationToken.authenticated("ada",
				"n/a", AuthorityUtils.createAuthorityList("ROLE_USER")));
		assertThat(this.access.refusal(this.request)).isEqualTo("User 'ada' lacks role ROLE_AWTY_OPERATOR");
	}

	@Test
	void signedInUserWithTheRoleMayActAndThePageGetsTheCsrfToken() {
		SecurityContextHolder.getContext().setAuthentication(UsernamePasswordAuthenticationToken.authenticated("ada",
				"n/a", AuthorityUtils.createAuthorityList("ROLE_AWTY_OPERATOR")));
		this.request.setAttribute(CsrfToken.class.getName(), new DefaultCsrfToken("X-CSRF-TOKEN", "_csrf", "t0k3n"));
		assertThat(this.access.refusal(this.request)).isNull();
		assertThat(this.access.user(this.request)).isEqualTo("ada");
		assertThat(this.access.csrf(this.request)).containsEntry("headerName", "X-CSRF-TOKEN").containsEntry("token", "t0k3n");
	}

}
