package dev.awty.internal.web.schedules;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.http.MediaType;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.servlet.function.RouterFunction;

import dev.awty.recurring.RecurringSchedules;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

class RecurringEndpointWithoutSecurityIntegrationTests {

	private WebApplicationContextRunner application() {
		return AwtyContexts.webConsuming(RecurringConsumerConfiguration.class, TestDatabases.h2(), new ReceivedEvents())
			.withClassLoader(new FilteredClassLoader(CsrfToken.class))
			.withPropertyValues("awty.recurring.web.enabled=true");
	}

	@Test
	void withoutSpringSecurityEveryEndpointIsRefusedNamingThePropertyThatOpensIt() {
		application().run((context) -> {
			MockMvc mvc = MockMvcBuilders.routerFunctions(context.getBean("awtyScheduleRoutes", RouterFunction.class)).build();
			mvc.perform(post("/awty/schedules").contentType(MediaType.APPLICATION_JSON)
				.content("{\"id\":\"a\",\"expression\":\"@daily\"}"))
				.andExpect(status().isForbidden())
				.andExpect(jsonPath("$.error").value("The schedule endpoints need Spring Security and a user with role "
						+ "AWTY_OPERATOR (awty.recurring.web.role); to serve every caller without it, which is risky, "
						+ "set awty.recurring.web.open=true"));
			mvc.perform(get("/awty/schedules")).andExpect(status().isForbidden());
			assertThat(context.getBean(RecurringSchedules.class).count("")).isZero();
		});
	}

	@Test
	void aRefusedCallerIsRefusedBeforeItsBodyIsRead() {
		// A body is read whole before it is parsed: an anonymous caller must not make the server read a large one.
		application().run((context) -> {
			MockMvc mvc = MockMvcBuilders.routerFunctions(context.getBean("awtyScheduleRoutes", RouterFunction.class)).build();
			mvc.perform(post("/awty/schedules/batch").contentType(MediaType.APPLICATION_JSON).content("[{\"id\":"))
				.andExpect(status().isForbidden());
			mvc.perform(put("/awty/schedules/a").contentType(MediaType.APPLICATION_JSON).content("{"))
				.andExpect(status().isForbidden());
		});
	}

	@Test
	void withoutSpringSecurityTheEndpointsServeEveryCallerOnlyWhenExplicitlyOpened() {
		application().withPropertyValues("awty.recurring.web.open=true").run((context) -> {
			MockMvc mvc = MockMvcBuilders.routerFunctions(context.getBean("awtyScheduleRoutes", RouterFunction.class)).build();
			mvc.perform(post("/awty/schedules").contentType(MediaType.APPLICATION_JSON)
				.content("{\"id\":\"a\",\"expression\":\"@daily\"}")).andExpect(status().isCreated());
			mvc.perform(get("/awty/schedules/a")).andExpect(status().isOk());
		});
	}

}
