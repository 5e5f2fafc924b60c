package dev.awty.internal.web.schedules;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.servlet.function.RouterFunction;

import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestSecurity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The schedule endpoints over HTTP behind an application's Spring Security filter chain, written once and run on
 * every supported database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class RecurringEndpointContractTests extends DatabaseContractTests {

	RecurringEndpointContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	private WebApplicationContextRunner application() {
		return AwtyContexts.webConsuming(RecurringConsumerConfiguration.class, this.database, new ReceivedEvents())
			.withPropertyValues("awty.recurring.web.enabled=true", "awty.recurring.allowed-channels=digests",
					"awty.recurring.web.max-batch-size=3");
	}

	private void run(Endpoints test) {
		application().run((context) -> {
			assertThat(context).hasNotFailed();
			MockMvc mvc = MockMvcBuilders.routerFunctions(context.getBean("awtyScheduleRoutes", RouterFunction.class))
				.addFilters(TestSecurity.filterChain())
				.build();
			test.run(mvc, context.getBean(RecurringSchedules.class));
		});
	}

	@Test
	void anonymousCallersAndUsersWithoutTheRoleAreRefusedOnEveryEndpointAndNothingChanges() {
		run((mvc, schedules) -> {
			schedules.create(ScheduleDefinition.of("digest-ada", "@daily"));
			for (MockHttpServletRequestBuilder request : new MockHttpServletRequestBuilder[] { get("/awty/schedules"),
					get("/awty/schedules/digest-ada"), get("/awty/schedules/digest-ada/versions"),
					get("/awty/schedules/digest-ada/next"), json(post("/awty/schedules/digest-ada/fire-now"), "{}"),
					json(post("/awty/schedules/digest-ada/pause"), "{}"),
					json(post("/awty/schedules"), "{\"id\":\"x\",\"expression\":\"@daily\"}"),
					delete("/awty/schedules/digest-ada") }) {
				mvc.perform(csrf(request)).andExpect(status().isForbidden())
					.andExpect(jsonPath("$.error").value("Sign in with a user that has role ROLE_AWTY_OPERATOR"));
				mvc.perform(csrf(request).header(HttpHeaders.AUTHORIZATION, basic("bob")))
					.andExpect(status().isForbidden())
					.andExpect(jsonPath("$.error").value("User 'bob' lacks role ROLE_AWTY_OPERATOR"));
			}
			assertThat(schedules.get("digest-ada").orElseThrow().enabled()).isTrue();
			assertThat(schedules.count("")).isEqualTo(1);
		});
	}

	@Test
	void operatorCanCreatePauseResumeListVersionsAndDeleteWithTheCsrfTokenButNotWithoutIt() {
		run((mvc, schedules) -> {
			mvc.perform(asAda(json(post("/awty/schedules"), "{\"id\":\"digest-ada\",\"expression\":\"@daily\"}")))
				.andExpect(status().isForbidden());
			assertThat(schedules.count("")).isZero();

			mvc.perform(csrf(asAda(json(post("/awty/schedules"), "{\"id\":\"digest-ada\",\"expression\":\"@daily\"}"))))
				.andExpect(status().isCreated());
			mvc.perform(csrf(asAda(json(post("/awty/schedules/digest-ada/pause"), ""))))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.enabled").value(false));
			mvc.perform(csrf(asAda(json(post("/awty/schedules/digest-ada/resume"), ""))))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.enabled").value(true));
			mvc.perform(asAda(get("/awty/schedules/digest-ada"))).andExpect(status().isOk());
			mvc.perform(asAda(get("/awty/schedules/digest-ada/next").param("count", "2")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.fireTimes.length()").value(2))
				.andExpect(jsonPath("$.fireTimes[0]").value(schedules.get("digest-ada").orElseThrow().nextFireAt()
					.toString()));
			mvc.perform(csrf(asAda(json(post("/awty/schedules/digest-ada/fire-now"), "{}"))))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.eventId").value(org.hamcrest.Matchers.startsWith("recurring:digest-ada-now-")));
			mvc.perform(asAda(get("/awty/schedules/digest-ada/next").param("count", "0")))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("count must be between 1 and 100, was 0"));
			mvc.perform(asAda(get("/awty/schedules/digest-ada/versions")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$[*].version").value(contains(3, 2, 1)))
				.andExpect(jsonPath("$[*].enabled").value(contains(true, false, true)))
				.andExpect(jsonPath("$[0].expression").value("@daily"))
				.andExpect(jsonPath("$[0].changedAt").isString());
			mvc.perform(csrf(asAda(delete("/awty/schedules/digest-ada")))).andExpect(status().isNoContent());
			mvc.perform(asAda(get("/awty/schedules/digest-ada/versions")))
				.andExpect(status().isNotFound())
				.andExpect(jsonPath("$.error").value("No schedule with id 'digest-ada'"));
		});
	}

	@Test
	void everyStateChangeMustBeJsonSoAFormPostToPauseIsRefusedAndTheScheduleKeepsRunning() {
		run((mvc, schedules) -> {
			schedules.create(ScheduleDefinition.of("digest-ada", "@daily"));
			mvc.perform(csrf(asAda(post("/awty/schedules/digest-ada/pause")
				.contentType(MediaType.APPLICATION_FORM_URLENCODED)
				.content("x=1")))).andExpect(status().isUnsupportedMediaType())
				.andExpect(jsonPath("$.error", containsString("Content-Type: application/json")));
			mvc.perform(csrf(asAda(post("/awty/schedules/digest-ada/resume")))).andExpect(status().isUnsupportedMediaType());
			mvc.perform(csrf(asAda(post("/awty/schedules").contentType(MediaType.TEXT_PLAIN)
				.content("{\"id\":\"x\",\"expression\":\"@daily\"}")))).andExpect(status().isUnsupportedMediaType());
			mvc.perform(csrf(asAda(put("/awty/schedules/digest-ada").contentType(MediaType.TEXT_PLAIN)
				.content("{\"expression\":\"@hourly\"}")))).andExpect(status().isUnsupportedMediaType());
			assertThat(schedules.get("digest-ada").orElseThrow().enabled()).isTrue();
			assertThat(schedules.get("digest-ada").orElseThrow().expression()).isEqualTo("@daily");
			assertThat(schedules.count("")).isEqualTo(1);
		});
	}

	@Test
	void aChannelOutsideTheAllowListIsRefusedWhenCreatedNamingTheProperty() {
		run((mvc, schedules) -> {
			mvc.perform(operator(post("/awty/schedules"), "{\"id\":\"a\",\"expression\":\"@daily\",\"channel\":\"errorChannel\"}"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.field").value("channel"))
				.andExpect(jsonPath("$.error").value("Channel 'errorChannel' is not allowed for schedules; allowed are "
						+ "[awtyRecurring, digests] (add it to awty.recurring.allowed-channels)"));
			mvc.perform(operator(post("/awty/schedules"), "{\"id\":\"b\",\"expression\":\"@daily\",\"channel\":\"digests\"}"))
				.andExpect(status().isCreated());
			mvc.perform(operator(put("/awty/schedules/b"), "{\"expression\":\"@daily\",\"channel\":\"testPurchases\"}"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.field").value("channel"));
			assertThat(schedules.get("b").orElseThrow().channel()).isEqualTo("digests");
			assertThat(schedules.get("a")).isEmpty();
		});
	}

	@Test
	void aBatchOverTheLimitOrHoldingNullIsABadRequestAndCreatesNothing() {
		run((mvc, schedules) -> {
			mvc.perform(operator(post("/awty/schedules/batch"), "[" + "{\"id\":\"a\",\"expression\":\"@daily\"},".repeat(3)
					+ "{\"id\":\"d\",\"expression\":\"@daily\"}]"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("A batch may hold at most 3 schedules, this one holds 4 "
						+ "(awty.recurring.web.max-batch-size)"));
			mvc.perform(operator(post("/awty/schedules/batch"), "[null]"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error", containsString("Item 0 of the batch is null")));
			mvc.perform(operator(post("/awty/schedules/batch"), "[{\"id\":\"ok\",\"expression\":\"@daily\"},null]"))
				.andExpect(status().isBadRequest());
			assertThat(schedules.count("")).isZero();
		});
	}

	@Test
	void expressionsThatOverflowOrDoNotFitTheTableAreBadRequestsNamingTheExpression() {
		run((mvc, schedules) -> {
			for (String expression : new String[] { "@every 99999999999999999999s", "@every 1000000000d",
					"@every PT99999999999999999999S", "@at +100000-01-01T00:00:00Z", "@at 999999999999",
					"@every " + "1s".repeat(300) }) {
				mvc.perform(operator(post("/awty/schedules"), "{\"id\":\"big\",\"expression\":\"" + expression + "\"}"))
					.andExpect(status().isBadRequest())
					.andExpect(jsonPath("$.field").value("expression"));
			}
			mvc.perform(operator(post("/awty/schedules"), "{\"id\":\"century\",\"expression\":\"@every 36500d\"}"))
				.andExpect(status().isCreated());
			assertThat(schedules.count("")).isEqualTo(1);
		});
	}

	private static MockHttpServletRequestBuilder operator(MockHttpServletRequestBuilder request, String body) {
		return csrf(asAda(json(request, body)));
	}

	private static MockHttpServletRequestBuilder json(MockHttpServletRequestBuilder request, String body) {
		return request.contentType(MediaType.APPLICATION_JSON).content(body);
	}

	private static MockHttpServletRequestBuilder asAda(MockHttpServletRequestBuilder request) {
		return request.header(HttpHeaders.AUTHORIZATION, basic("ada"));
	}

	private static MockHttpServletRequestBuilder csrf(MockHttpServletRequestBuilder request) {
		MockHttpSession session = TestSecurity.sessionWithCsrfToken();
		return request.session(session).header(TestSecurity.CSRF_HEADER, TestSecurity.csrfToken());
	}

	private static String basic(String user) {
		return "Basic " + Base64.getEncoder()
			.encodeToString((user + ":" + TestSecurity.PASSWORD).getBytes(StandardCharsets.UTF_8));
	}

	@FunctionalInterface
	interface Endpoints {

		void run(MockMvc mvc, RecurringSchedules schedules) throws Exception;

	}

}
