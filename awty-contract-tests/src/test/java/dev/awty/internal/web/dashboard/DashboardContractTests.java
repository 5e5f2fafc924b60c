package dev.awty.internal.web.dashboard;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.test.web.servlet.setup.RouterFunctionMockMvcBuilder;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.EventScheduler;
import dev.awty.TypePauses;
import dev.awty.autoconfigure.observability.AwtyObservabilityAutoConfiguration;
import dev.awty.autoconfigure.web.AwtyDashboardAutoConfiguration;
import dev.awty.internal.observe.BacklogMonitor;
import dev.awty.internal.pipeline.DeliveryPollers;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.repository.SelectionFilter;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.context.PurchaseConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestSecurity;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The dashboard over HTTP behind an application's Spring Security filter chain, written once and run on every
 * supported database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
@ExtendWith(OutputCaptureExtension.class)
class DashboardContractTests extends DatabaseContractTests {

	private static final String TYPE = "test_purchase";

	DashboardContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private WebApplicationContextRunner application(String... properties) {
		return AwtyContexts.webConsuming(PurchaseConsumerConfiguration.class, this.database, new ReceivedEvents())
			.withUserConfiguration(RecurringConsumerConfiguration.class)
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class,
					AwtyDashboardAutoConfiguration.class))
			.withBean("byPurchase", SelectionFilter.class, () -> SelectionFilter.of(TestPurchase.class, "purchase",
					(selection, value) -> selection.where("e.purchase_id = CAST(:purchase AS BIGINT)")
						.param("purchase", value)))
			.withBean("byCustomer", SelectionFilter.class, () -> SelectionFilter.of(TestPurchase.class, "customer",
					(selection, value) -> selection.join("shop_order", "o", "o.id = e.purchase_id")
						.where("o.customer = :customer")
						.param("customer", value)))
			.withPropertyValues("awty.dashboard.enabled=true", "awty.types." + TYPE + ".resolution=15m")
			.withPropertyValues(properties);
	}

	private void run(Dashboard test, String... properties) {
		run(List.of(), test, properties);
	}

	/** @param converters the application's message converters; none for the defaults */
	private void run(List<HttpMessageConverter<?>> converters, Dashboard test, String... properties) {
		application(properties).run((context) -> {
			assertThat(context).hasNotFailed();
			@SuppressWarnings("unchecked")
			RouterFunction<ServerResponse> routes = context.getBean("awtyDashboardRoutes", RouterFunction.class);
			RouterFunctionMockMvcBuilder builder = MockMvcBuilders.routerFunctions(routes)
				.addFilters(TestSecurity.filterChain());
			if (!converters.isEmpty()) {
				builder.setMessageConverters(converters.toArray(HttpMessageConverter[]::new));
			}
			test.run(builder.build(), context);
		});
	}

	@Test
	@SuppressWarnings({ "deprecation", "removal" }) // Jackson 2's converter: the one on this test's class path
	void aRowActionSentAsPlainTextIsRefusedEvenWhereAConverterReadsJsonOfAnyType() {
		// A JSON converter widened to every media type, as some applications have: a cross-site form posting
		// text/plain must still change nothing, since without a CSRF token JSON is what stands in for one.
		MappingJackson2HttpMessageConverter anyType = new MappingJackson2HttpMessageConverter();
		anyType.setSupportedMediaTypes(List.of(MediaType.ALL));
		run(List.of(anyType), (mvc, context) -> {
			long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(7),
					this.database.databaseNow().plus(Duration.ofDays(1)));
			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/cancel"), "{\"ids\":[" + id + "]}")
				.contentType(MediaType.TEXT_PLAIN))
				.andExpect(status().isUnsupportedMediaType())
				.andExpect(jsonPath("$.error").value("Send row actions with Content-Type: application/json, as the "
						+ "dashboard page does"));
			assertThat(this.jdbc.queryForObject("SELECT status FROM scheduled_test_purchase WHERE id = ?", String.class,
					id)).isEqualTo("PENDING");
		});
	}

	@Test
	void readsNeedTheRoleLikeActions() {
		run((mvc, context) -> {
			context.getBean(EventScheduler.class).schedule(new TestPurchase(7), this.database.databaseNow().plus(Duration.ofDays(1)));
			for (String path : new String[] { "/awty/api/overview", "/awty/api/types/" + TYPE + "/rows?status=ALL" }) {
				mvc.perform(get(path)).andExpect(status().isForbidden())
					.andExpect(jsonPath("$.error").value("Sign in with a user that has role ROLE_AWTY_OPERATOR"));
				mvc.perform(get(path).header(HttpHeaders.AUTHORIZATION, basic("bob"))).andExpect(status().isForbidden())
					.andExpect(jsonPath("$.error").value("User 'bob' lacks role ROLE_AWTY_OPERATOR"));
			}
			mvc.perform(get("/awty/api/overview").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.types." + TYPE + ".pending").exists())
				.andExpect(jsonPath("$.mayAct").value(true));
			mvc.perform(get("/awty/api/types/" + TYPE + "/rows?status=ALL").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.rows[0].columns.purchase_id").value(7));
		});
	}

	@Test
	void searchesBeyondPendingListTheMostRecentlyScheduledRowsFirstWhilePendingRowsComeEarliestDueFirst() {
		run((mvc, context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			Instant now = this.database.databaseNow();
			long first = scheduler.schedule(new TestPurchase(1), now.plus(Duration.ofDays(1)));
			long second = scheduler.schedule(new TestPurchase(2), now.plus(Duration.ofDays(2)));
			long third = scheduler.schedule(new TestPurchase(3), now.plus(Duration.ofDays(3)));
			mvc.perform(get("/awty/api/types/" + TYPE + "/rows?status=ALL&limit=2")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.rows[*].id").value(contains((int) third, (int) second)));
			mvc.perform(get("/awty/api/types/" + TYPE + "/rows?status=PENDING&limit=2")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.rows[*].id").value(contains((int) first, (int) second)));
		});
	}

	@Test
	void thePageAndItsAnswersForbidFraming() {
		run((mvc, context) -> {
			mvc.perform(get("/awty")).andExpect(status().isOk())
				.andExpect(header().string("X-Frame-Options", "DENY"))
				.andExpect(header().string("Content-Security-Policy", "frame-ancestors 'none'"));
			mvc.perform(get("/awty/api/overview").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(header().string("X-Frame-Options", "DENY"));
		});
	}

	@Test
	void aValueTheDatabaseRefusesIsABadRequestThatDoesNotEchoTheDatabasesText() {
		run((mvc, context) -> {
			// A pending row, so that databases converting per row do convert.
			context.getBean(EventScheduler.class).schedule(new TestPurchase(7),
					this.database.databaseNow().plus(Duration.ofDays(1)));
			mvc.perform(get("/awty/api/types/" + TYPE + "/rows?filter=purchase&value=abc")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error", startsWith("The database refused this request; the server log has the "
						+ "details under reference ")))
				.andExpect(jsonPath("$.error", not(containsString("abc"))))
				.andExpect(jsonPath("$.error", not(containsString("purchase_id"))));
		});
	}

	@Test
	void aFarFutureRescheduleOnATypeWithAResolutionIsABadRequest() {
		run((mvc, context) -> {
			long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(7),
					this.database.databaseNow().plus(Duration.ofDays(1)));
			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/reschedule"),
					"{\"ids\":[" + id + "],\"dueAt\":\"+300000000-01-01T00:00:00Z\"}"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error", containsString("the latest the databases store")));
			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/reschedule"),
					"{\"ids\":[" + id + "],\"dueAt\":\"2100-01-01T00:07:00Z\"}"))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.changed").value(1));
		});
	}

	@Test
	void showsTheRecurringSchedulesWithTheirLastOutcomeAndTheHistoryOfOneNewestFirst() {
		run((mvc, context) -> {
			context.getBean(DeliveryPollers.class).stop();
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("report-daily", "@daily").withTimeZone("Europe/Berlin"));
			schedules.create(ScheduleDefinition.of("report-hourly", "@every 1h"));
			schedules.create(ScheduleDefinition.of("other", "@every 1h"));
			this.database.jdbc().update("UPDATE awty_schedule SET attempts = 1, last_error = 'broker down' WHERE id = ?",
					"report-hourly");
			Instant now = this.database.databaseNow();
			historyEntry("report-daily", "DELIVERED", now.minus(Duration.ofDays(2)), null);
			historyEntry("report-daily", "RETRY", now.minus(Duration.ofDays(1)), "broker down");
			historyEntry("report-daily", "DELIVERED", now.minus(Duration.ofHours(23)), null);
			historyEntry("other", "DELIVERED", now.minus(Duration.ofHours(1)), null);
			// The overview's figures may be up to two seconds old: read them after the schedules were created.
			context.getBean(BacklogMonitor.class).refreshNow();

			mvc.perform(get("/awty/api/overview").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.types.awty_recurring.table").value("awty_schedule"))
				.andExpect(jsonPath("$.types.awty_recurring.pending").value(3))
				.andExpect(jsonPath("$.rowTypes").value(contains(TYPE)))
				.andExpect(jsonPath("$.recurring").value(true));
			mvc.perform(get("/awty/api/schedules?prefix=report-").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.schedules[*].id").value(contains("report-daily", "report-hourly")))
				.andExpect(jsonPath("$.schedules[0].expression").value("@daily"))
				.andExpect(jsonPath("$.schedules[0].timeZone").value("Europe/Berlin"))
				.andExpect(jsonPath("$.schedules[0].nextFireAt").isNotEmpty())
				.andExpect(jsonPath("$.schedules[1].lastOutcome").value("FAILING"))
				.andExpect(jsonPath("$.schedules[1].lastError").value("broker down"));
			mvc.perform(get("/awty/api/schedules/report-daily/history?limit=2")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.entries[*].outcome").value(contains("DELIVERED", "RETRY")))
				.andExpect(jsonPath("$.entries[1].error").value("broker down"));
			mvc.perform(get("/awty/api/schedules/report-daily/history?limit=0")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("limit must be between 1 and 500, was 0"));
			mvc.perform(get("/awty/api/schedules")).andExpect(status().isForbidden());
			mvc.perform(get("/awty/api/types/awty_recurring/rows").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isNotFound());
		});
	}

	@Test
	void anOperatorPausesResumesAndDeletesAScheduleEachChangeANewVersionWhileOthersAreRefused() {
		run((mvc, context) -> {
			context.getBean(DeliveryPollers.class).stop();
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("report-daily", "@daily").withTimeZone("Europe/Berlin"));
			mvc.perform(get("/awty/api/schedules").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.schedules[0].version").value(1))
				.andExpect(jsonPath("$.schedules[0].state").value("ACTIVE"));

			mvc.perform(operator(post("/awty/api/schedules/report-daily/pause"), ""))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.schedule.state").value("PAUSED"))
				.andExpect(jsonPath("$.schedule.version").value(2));
			assertThat(schedules.get("report-daily"))
				.hasValueSatisfying((schedule) -> assertThat(schedule.enabled()).isFalse());
			mvc.perform(operator(post("/awty/api/schedules/report-daily/resume"), ""))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.schedule.state").value("ACTIVE"))
				.andExpect(jsonPath("$.schedule.version").value(3))
				.andExpect(jsonPath("$.schedule.nextFireAt").isNotEmpty());
			mvc.perform(get("/awty/api/schedules/report-daily/next").param("count", "3")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.fireTimes.length()").value(3))
				.andExpect(jsonPath("$.fireTimes[0]").value(schedules.get("report-daily").orElseThrow().nextFireAt()
					.toString()));
			mvc.perform(get("/awty/api/schedules/report-daily/next").param("count", "101")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("count must be between 1 and 100, was 101"));
			mvc.perform(operator(post("/awty/api/schedules/report-daily/fire-now"), ""))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.schedule.version").value(3))
				.andExpect(jsonPath("$.schedule.firedEventId").value(org.hamcrest.Matchers.startsWith(
						"recurring:report-daily-now-")));

			// A user without the role, the operator without the CSRF token or without JSON, change nothing.
			mvc.perform(post("/awty/api/schedules/report-daily/delete").session(TestSecurity.sessionWithCsrfToken())
				.header(TestSecurity.CSRF_HEADER, TestSecurity.csrfToken())
				.header(HttpHeaders.AUTHORIZATION, basic("bob")))
				.andExpect(status().isForbidden())
				.andExpect(jsonPath("$.error").value("User 'bob' lacks role ROLE_AWTY_OPERATOR"));
			mvc.perform(post("/awty/api/schedules/report-daily/delete").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isForbidden());
			mvc.perform(operator(post("/awty/api/schedules/report-daily/delete"), "").contentType(MediaType.TEXT_PLAIN))
				.andExpect(status().isUnsupportedMediaType())
				.andExpect(jsonPath("$.error").value("Send schedule actions with Content-Type: application/json, as the "
						+ "dashboard page does"));
			assertThat(schedules.get("report-daily")).isPresent();

			mvc.perform(operator(post("/awty/api/schedules/report-daily/archive"), ""))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("Unknown schedule action 'archive'; use pause, resume, fire-now or delete"));
			mvc.perform(operator(post("/awty/api/schedules/report-daily/delete"), ""))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.action").value("delete"));
			assertThat(schedules.get("report-daily")).isEmpty();
			for (String action : new String[] { "pause", "resume", "delete" }) {
				mvc.perform(operator(post("/awty/api/schedules/report-daily/" + action), ""))
					.andExpect(status().isNotFound())
					.andExpect(jsonPath("$.error").value("No schedule with id 'report-daily'; it may have been deleted "
							+ "meanwhile: list the schedules again"));
			}
		});
	}

	@Test
	void anOperatorPausesAndResumesATypeShownAsPausedInTheOverviewWhileOthersAreRefused() {
		run((mvc, context) -> {
			TypePauses pauses = context.getBean(TypePauses.class);
			mvc.perform(post("/awty/api/types/" + TYPE + "/pause").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isForbidden());
			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/pause"), "").contentType(MediaType.TEXT_PLAIN))
				.andExpect(status().isUnsupportedMediaType());
			assertThat(pauses.paused()).isEmpty();

			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/pause"), ""))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.paused").value(true))
				.andExpect(jsonPath("$.changed").value(true));
			assertThat(pauses.paused()).containsOnlyKeys(TYPE);
			mvc.perform(get("/awty/api/overview").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.types." + TYPE + ".paused").value(true));

			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/resume"), ""))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.paused").value(false))
				.andExpect(jsonPath("$.changed").value(true));
			assertThat(pauses.paused()).isEmpty();
			mvc.perform(get("/awty/api/overview").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.types." + TYPE + ".paused").value(false));
			mvc.perform(operator(post("/awty/api/types/unknown/pause"), "")).andExpect(status().isNotFound());
		});
	}

	@Test
	void aUserWithoutTheRoleIsRefusedAnyChangeOfAnUnknownTypeWithoutLearningTheTypes() {
		run((mvc, context) -> {
			for (String action : new String[] { "pause", "resume", "cancel" }) {
				mvc.perform(signedIn("bob", post("/awty/api/types/unknown/" + action), "{\"ids\":[1]}"))
					.andExpect(status().isForbidden())
					.andExpect(jsonPath("$.error").value("User 'bob' lacks role ROLE_AWTY_OPERATOR"))
					.andExpect(content().string(not(containsString(TYPE))));
			}
		});
	}

	@Test
	void theAuditPagesBeforeAnIdBeyondTheRangeOfAnInt() {
		run((mvc, context) -> {
			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/pause"), "")).andExpect(status().isOk());
			mvc.perform(get("/awty/api/audit?before=3000000000").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.entries[*].action").value(contains("PAUSE_TYPE")));
			mvc.perform(get("/awty/api/audit?before=x").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("before must be a number, was 'x'"));
		});
	}

	@Test
	void theOperatorActionsAreShownNewestFirstNamingTheSignedInUserOrAnonymousForTheApplicationsOwnCalls(
			CapturedOutput output) {
		run((mvc, context) -> {
			context.getBean(RecurringSchedules.class).create(ScheduleDefinition.of("audited", "@every 1h"));
			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/pause"), "")).andExpect(status().isOk());
			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/resume"), "")).andExpect(status().isOk());
			mvc.perform(operator(post("/awty/api/schedules/audited/fire-now"), "")).andExpect(status().isOk());

			mvc.perform(get("/awty/api/audit").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.entries.length()").value(4))
				.andExpect(jsonPath("$.entries[*].principal").value(contains("ada", "ada", "ada", "anonymous")))
				.andExpect(jsonPath("$.entries[*].action")
					.value(contains("SCHEDULE_FIRE_NOW", "RESUME_TYPE", "PAUSE_TYPE", "SCHEDULE_CREATE")))
				.andExpect(jsonPath("$.entries[*].target").value(contains("audited", TYPE, TYPE, "audited")))
				.andExpect(jsonPath("$.entries[*].rows").value(contains(1, 1, 1, 1)));
			mvc.perform(get("/awty/api/audit?target=" + TYPE + "&limit=1").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.entries[*].action").value(contains("RESUME_TYPE")));
			mvc.perform(get("/awty/api/audit?principal=anonymous").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.entries[*].action").value(contains("SCHEDULE_CREATE")));
			mvc.perform(get("/awty/api/audit?limit=0").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("limit must be between 1 and 1000, was 0"));
			mvc.perform(get("/awty/api/audit").header(HttpHeaders.AUTHORIZATION, basic("bob")))
				.andExpect(status().isForbidden());
			assertThat(output).as("the log names each operator as the audit does")
				.contains("awty: ada paused event type '" + TYPE + "' on every instance")
				.contains("awty: ada resumed event type '" + TYPE + "' on every instance")
				.contains("awty: dashboard operator ada ran fire-now on recurring schedule 'audited'")
				.doesNotContain("user null");
		});
	}

	@Test
	void aReadOnlyDashboardRefusesEveryChangeButStillShows() {
		run((mvc, context) -> {
			context.getBean(DeliveryPollers.class).stop();
			context.getBean(RecurringSchedules.class).create(ScheduleDefinition.of("report-daily", "@daily"));
			long id = context.getBean(EventScheduler.class).schedule(new TestPurchase(7),
					this.database.databaseNow().plus(Duration.ofDays(1)));
			mvc.perform(get("/awty/api/overview").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.mayAct").value(false));
			mvc.perform(get("/awty/api/schedules").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.schedules[0].id").value("report-daily"));
			mvc.perform(operator(post("/awty/api/schedules/report-daily/pause"), ""))
				.andExpect(status().isForbidden())
				.andExpect(jsonPath("$.error").value("The dashboard is read-only (awty.dashboard.read-only=true)"));
			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/cancel"), "{\"ids\":[" + id + "]}"))
				.andExpect(status().isForbidden());
			mvc.perform(operator(post("/awty/api/types/" + TYPE + "/pause"), "")).andExpect(status().isForbidden());
			assertThat(context.getBean(TypePauses.class).paused()).isEmpty();
			assertThat(context.getBean(RecurringSchedules.class).get("report-daily"))
				.hasValueSatisfying((schedule) -> assertThat(schedule.enabled()).isTrue());
		}, "awty.dashboard.read-only=true");
	}

	@Test
	void showsTheFailuresOfAPeriodNewestFirstWithTheirErrorsAndTheTimelineOfOneRow() {
		run((mvc, context) -> {
			context.getBean(DeliveryPollers.class).stop();
			Instant now = this.database.databaseNow();
			rowEntry(41, "RETRY", now.minus(Duration.ofHours(3)), "MessagingException: 451 try later");
			rowEntry(41, "FAILED", now.minus(Duration.ofHours(2)), "MessagingException: 554 relay refused");
			rowEntry(42, "DELIVERED", now.minus(Duration.ofHours(2)), null);
			rowEntry(43, "FAILED", now.minus(Duration.ofHours(1)), "Mapping failed: no customer");
			rowEntry(44, "FAILED", now.minus(Duration.ofDays(3)), "MessagingException: 550 no such user");

			mvc.perform(get("/awty/api/failures?type=" + TYPE).header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.entries[*].rowId").value(contains(43, 41)))
				.andExpect(jsonPath("$.entries[*].error").value(contains("Mapping failed: no customer",
						"MessagingException: 554 relay refused")));
			mvc.perform(get("/awty/api/failures?type=" + TYPE + "&hours=168&limit=1")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.entries[*].rowId").value(contains(43)));
			mvc.perform(get("/awty/api/failures?type=" + TYPE + "&hours=168")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.entries[*].rowId").value(contains(43, 41, 44)));
			mvc.perform(get("/awty/api/failures?type=" + TYPE + "&hours=0")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("hours must be between 1 and 8784, was 0"));
			mvc.perform(get("/awty/api/failures?type=" + TYPE + "&outcome=retry")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.entries[*].error").value(contains("MessagingException: 451 try later")));
			mvc.perform(get("/awty/api/types/" + TYPE + "/rows/41/history").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.entries[*].outcome").value(contains("RETRY", "FAILED")))
				.andExpect(jsonPath("$.entries[0].attempts").value(1));

			mvc.perform(get("/awty/api/failures?type=nope").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isNotFound())
				.andExpect(jsonPath("$.error", startsWith("Unknown type 'nope'; the types are [" + TYPE)));
			mvc.perform(get("/awty/api/failures?type=" + TYPE + "&outcome=DELIVERED")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("outcome must be one of [FAILED, RETRY], was 'DELIVERED'"));
			mvc.perform(get("/awty/api/types/" + TYPE + "/rows/x/history").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("id must be a row number, was 'x'"));
			mvc.perform(get("/awty/api/failures?type=" + TYPE).header(HttpHeaders.AUTHORIZATION, basic("bob")))
				.andExpect(status().isForbidden());
		});
	}

	@Test
	void rowsFoundByAFilterShowTheDomainColumnsItJoins() {
		this.database.execute("CREATE TABLE shop_order (id BIGINT PRIMARY KEY, customer VARCHAR(80), total INT)");
		this.database.jdbc().update("INSERT INTO shop_order (id, customer, total) VALUES (7, 'ada@example.com', 30)");
		this.database.jdbc().update("INSERT INTO shop_order (id, customer, total) VALUES (8, 'bob@example.com', 12)");
		run((mvc, context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			Instant later = this.database.databaseNow().plus(Duration.ofDays(1));
			long ada = scheduler.schedule(new TestPurchase(7), later);
			scheduler.schedule(new TestPurchase(8), later);
			mvc.perform(get("/awty/api/types/" + TYPE + "/rows?filter=customer&value=ada@example.com")
				.header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.rows[*].id").value(contains((int) ada)))
				.andExpect(jsonPath("$.rows[0].joined['o.customer']").value("ada@example.com"))
				.andExpect(jsonPath("$.rows[0].joined['o.total']").value(30));
			mvc.perform(get("/awty/api/types/" + TYPE + "/rows?status=ALL").header(HttpHeaders.AUTHORIZATION, basic("ada")))
				.andExpect(jsonPath("$.rows[0].joined").doesNotExist());
		});
	}

	private void rowEntry(long rowId, String outcome, Instant finishedAt, String error) {
		this.database.jdbc().update("""
				INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts,
				                               check_count, outcome, error, duration_ms, instance_id)
				VALUES (?, ?, ?, ?, ?, 1, 0, ?, ?, 2, 'test')
				""", TYPE, rowId, TYPE + ":" + rowId + "-" + finishedAt.getEpochSecond(),
				this.database.timestamp(finishedAt), this.database.timestamp(finishedAt), outcome, error);
	}

	private void historyEntry(String scheduleId, String outcome, Instant finishedAt, String error) {
		this.database.jdbc().update("""
				INSERT INTO awty_delivery_log (event_type, schedule_id, event_id, due_at, finished_at, attempts,
				                               check_count, outcome, error, duration_ms, instance_id)
				VALUES ('awty_recurring', ?, ?, ?, ?, 1, 0, ?, ?, 2, 'test')
				""", scheduleId, "recurring:" + scheduleId + "-" + finishedAt.getEpochSecond(),
				this.database.timestamp(finishedAt), this.database.timestamp(finishedAt), outcome, error);
	}

	private static MockHttpServletRequestBuilder operator(MockHttpServletRequestBuilder request, String body) {
		return signedIn("ada", request, body);
	}

	/** {@code request} with a JSON {@code body} and a valid CSRF token, signed in as {@code user}. */
	private static MockHttpServletRequestBuilder signedIn(String user, MockHttpServletRequestBuilder request,
			String body) {
		MockHttpSession session = TestSecurity.sessionWithCsrfToken();
		return request.session(session)
			.header(TestSecurity.CSRF_HEADER, TestSecurity.csrfToken())
			.header(HttpHeaders.AUTHORIZATION, basic(user))
			.contentType(MediaType.APPLICATION_JSON)
			.content(body);
	}

	private static String basic(String user) {
		return "Basic " + Base64.getEncoder()
			.encodeToString((user + ":" + TestSecurity.PASSWORD).getBytes(StandardCharsets.UTF_8));
	}

	@FunctionalInterface
	interface Dashboard {

		void run(MockMvc mvc, ApplicationContext context) throws Exception;

	}

}
