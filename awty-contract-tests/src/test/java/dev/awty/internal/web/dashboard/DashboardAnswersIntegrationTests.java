package dev.awty.internal.web.dashboard;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.test.web.servlet.setup.RouterFunctionMockMvcBuilder;
import org.springframework.web.servlet.function.RouterFunction;

import dev.awty.autoconfigure.observability.AwtyObservabilityAutoConfiguration;
import dev.awty.autoconfigure.web.AwtyDashboardAutoConfiguration;
import dev.awty.recurring.RecurringHeaders;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.PurchaseConsumerConfiguration;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The shape of the dashboard's answers, which its page reads field by field: a field the page tests for
 * {@code null} is written as {@code null}, even where the application's Jackson leaves nulls out, and a field the
 * page tests for presence ({@code paused} of an event type, {@code firedEventId}) is there only when it applies.
 */
class DashboardAnswersIntegrationTests {

	private static final String TYPE = "test_purchase";

	private final TestDatabase database = TestDatabases.h2();

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private WebApplicationContextRunner application() {
		return AwtyContexts.webConsuming(PurchaseConsumerConfiguration.class, this.database, new ReceivedEvents())
			.withUserConfiguration(RecurringConsumerConfiguration.class)
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class,
					AwtyDashboardAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(CsrfToken.class))
			.withPropertyValues("awty.dashboard.enabled=true");
	}

	@Test
	@SuppressWarnings({ "deprecation", "removal" }) // Jackson 2's converter: the one on this test's class path
	void theOverviewWritesEmptyFieldsAsNullAndPausedForEventTypesOnlyWhateverTheApplicationsJacksonDefault() {
		ObjectMapper leavingOutNulls = new ObjectMapper().setDefaultPropertyInclusion(JsonInclude.Include.NON_NULL);
		for (List<HttpMessageConverter<?>> converters : List.<List<HttpMessageConverter<?>>>of(List.of(),
				List.of(new MappingJackson2HttpMessageConverter(leavingOutNulls)))) {
			application().run((context) -> {
				String overview = mvc(context, converters).perform(get("/awty/api/overview"))
					.andExpect(status().isOk())
					.andReturn().getResponse().getContentAsString();
				String eventType = overview.substring(overview.indexOf("\"" + TYPE + "\":{"));
				String recurring = overview.substring(overview.indexOf("\"" + RecurringHeaders.TYPE_VALUE + "\":{"));
				assertThat(eventType.substring(0, eventType.indexOf('}', eventType.indexOf("lagP99Millis"))))
					.contains("\"table\":\"scheduled_test_purchase\",\"claimMode\":")
					.contains("\"lagP99Millis\":null,\"paused\":false");
				assertThat(recurring.substring(0, recurring.indexOf('}', recurring.indexOf("lagP99Millis")) + 1))
					.endsWith("\"lagP99Millis\":null}");
				assertThat(overview).contains("\"readOnly\":false,\"mayAct\":true,\"refusal\":null,\"user\":null,"
						+ "\"csrf\":{}}");
			});
		}
	}

	@Test
	void aScheduleHasFiredEventIdOnlyOnceFiredNowAndItsEmptyFieldsAsNull() {
		application().run((context) -> {
			context.getBean(RecurringSchedules.class).create(ScheduleDefinition.of("report", "@daily"));
			MockMvc mvc = mvc(context, List.of());
			String listed = mvc.perform(get("/awty/api/schedules")).andExpect(status().isOk())
				.andReturn().getResponse().getContentAsString();
			assertThat(listed).startsWith("{\"schedules\":[{\"id\":\"report\",\"expression\":\"@daily\",")
				.contains("\"channel\":null", "\"lastFiredAt\":null", "\"lastError\":null", "\"lastOutcome\":null")
				.doesNotContain("firedEventId");
			String fired = mvc.perform(post("/awty/api/schedules/report/fire-now")
				.contentType(MediaType.APPLICATION_JSON)
				.content("{}")).andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
			assertThat(fired).startsWith("{\"action\":\"fire-now\",\"schedule\":{\"id\":\"report\"")
				.contains(",\"firedEventId\":\"recurring:report-now-");
			String deleted = mvc.perform(post("/awty/api/schedules/report/delete")
				.contentType(MediaType.APPLICATION_JSON)
				.content("{}")).andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
			assertThat(deleted).isEqualTo("{\"action\":\"delete\",\"schedule\":null}");
		});
	}

	private static MockMvc mvc(ApplicationContext context, List<HttpMessageConverter<?>> converters) {
		RouterFunctionMockMvcBuilder builder = MockMvcBuilders
			.routerFunctions(context.getBean("awtyDashboardRoutes", RouterFunction.class));
		if (!converters.isEmpty()) {
			builder.setMessageConverters(converters.toArray(HttpMessageConverter[]::new));
		}
		return builder.build();
	}

}
