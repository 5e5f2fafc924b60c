package dev.awty.internal.web.schedules;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.servlet.function.RouterFunction;

import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.RecurringConsumerConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The shape of the schedule endpoints' answers, which callers read field by field: every field in its place, an
 * empty one written as {@code null}, and a body or parameter that cannot be read answered as a bad request naming it.
 */
class ScheduleAnswersIntegrationTests {

	private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":");

	private WebApplicationContextRunner application() {
		return AwtyContexts.webConsuming(RecurringConsumerConfiguration.class, TestDatabases.h2(), new ReceivedEvents())
			.withClassLoader(new FilteredClassLoader(CsrfToken.class))
			.withPropertyValues("awty.recurring.web.enabled=true", "awty.recurring.web.open=true");
	}

	private static MockMvc mvc(ApplicationContext context) {
		return MockMvcBuilders.routerFunctions(context.getBean("awtyScheduleRoutes", RouterFunction.class)).build();
	}

	@Test
	void aScheduleAndItsVersionsAreAnsweredWithEveryFieldInOrderAndEmptyOnesAsNull() {
		application().run((context) -> {
			MockMvc mvc = mvc(context);
			String created = mvc.perform(post("/awty/schedules").contentType(MediaType.APPLICATION_JSON)
				.content("{\"id\":\"a\",\"expression\":\"@daily\"}"))
				.andExpect(status().isCreated())
				.andExpect(jsonPath("$.payload").value((Object) null))
				.andReturn().getResponse().getContentAsString();
			assertThat(fields(created)).containsExactly("id", "expression", "timeZone", "payload", "channel",
					"misfirePolicy", "deadline", "enabled", "version", "nextFireAt", "lastFiredAt", "completed",
					"attempts", "lastError", "createdAt", "updatedAt");
			String versions = mvc.perform(get("/awty/schedules/a/versions")).andExpect(status().isOk())
				.andReturn().getResponse().getContentAsString();
			assertThat(fields(versions)).containsExactly("id", "version", "expression", "timeZone", "payload",
					"channel", "misfirePolicy", "deadline", "enabled", "changedAt");
			String fired = mvc.perform(post("/awty/schedules/a/fire-now").contentType(MediaType.APPLICATION_JSON))
				.andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
			assertThat(fields(fired)).containsExactly("id", "eventId");
			String batch = mvc.perform(post("/awty/schedules/batch").contentType(MediaType.APPLICATION_JSON)
				.content("[{\"id\":\"b\",\"expression\":\"@daily\"}]"))
				.andExpect(status().isCreated())
				.andReturn().getResponse().getContentAsString();
			assertThat(batch).isEqualTo("{\"created\":1}");
		});
	}

	@Test
	void aMissingOrNullBodyAndALimitThatIsNoNumberAreBadRequestsNamingTheField() {
		application().run((context) -> {
			MockMvc mvc = mvc(context);
			for (String body : new String[] { "", "null" }) {
				String answer = mvc
					.perform(post("/awty/schedules").contentType(MediaType.APPLICATION_JSON).content(body))
					.andExpect(status().isBadRequest())
					.andExpect(jsonPath("$.field").value("body"))
					.andExpect(jsonPath("$.error").value("The body must be JSON: an object with id and expression "
							+ "(a list of such objects for /batch)"))
					.andReturn().getResponse().getContentAsString();
				assertThat(fields(answer)).containsExactly("status", "field", "error");
			}
			mvc.perform(get("/awty/schedules").param("limit", "many"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.field").value("limit"));
			mvc.perform(get("/awty/schedules").param("limit", "")).andExpect(status().isOk());
		});
	}

	private static List<String> fields(String json) {
		String first = json.startsWith("[") ? json.substring(1, json.indexOf('}') + 1) : json;
		Matcher matcher = FIELD.matcher(first);
		List<String> fields = new ArrayList<>();
		while (matcher.find()) {
			fields.add(matcher.group(1));
		}
		return fields;
	}

}
