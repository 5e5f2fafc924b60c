package dev.awty.internal.dashboard;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.EventScheduler;
import dev.awty.autoconfigure.AwtyDashboardAutoConfiguration;
import dev.awty.autoconfigure.AwtyObservabilityAutoConfiguration;
import dev.awty.repository.SelectionFilter;
import dev.awty.testing.AwtyContexts;
import dev.awty.testing.PurchaseConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
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
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The dashboard over HTTP behind an application's Spring Security filter chain, written once and run on every
 * supported database by a one-line subclass.
 */
abstract class DashboardContractTests {

	private static final String TYPE = "test_purchase";

	private final Supplier<TestDatabase> databases;

	private TestDatabase database;

	DashboardContractTests(Supplier<TestDatabase> databases) {
		this.databases = databases;
	}

	@BeforeEach
	void createScheduledTable() {
		this.database = this.databases.get();
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private WebApplicationContextRunner application() {
		return AwtyContexts.webConsuming(PurchaseConsumerConfiguration.class, this.database, new ReceivedEvents())
			.withConfiguration(AutoConfigurations.of(AwtyObservabilityAutoConfiguration.class,
					AwtyDashboardAutoConfiguration.class))
			.withBean("byPurchase", SelectionFilter.class, () -> SelectionFilter.of(TestPurchase.class, "purchase",
					(selection, value) -> selection.where("e.purchase_id = CAST(:purchase AS BIGINT)")
						.param("purchase", value)))
			.withPropertyValues("awty.dashboard.enabled=true", "awty.types." + TYPE + ".resolution=15m");
	}

	private void run(Dashboard test) {
		application().run((context) -> {
			assertThat(context).hasNotFailed();
			@SuppressWarnings("unchecked")
			RouterFunction<ServerResponse> routes = context.getBean("awtyDashboardRoutes", RouterFunction.class);
			MockMvc mvc = MockMvcBuilders.routerFunctions(routes).addFilters(TestSecurity.filterChain()).build();
			test.run(mvc, context);
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

	private static MockHttpServletRequestBuilder operator(MockHttpServletRequestBuilder request, String body) {
		MockHttpSession session = TestSecurity.sessionWithCsrfToken();
		return request.session(session)
			.header(TestSecurity.CSRF_HEADER, TestSecurity.csrfToken())
			.header(HttpHeaders.AUTHORIZATION, basic("ada"))
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
