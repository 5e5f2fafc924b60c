package dev.awty.tracing;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

import brave.handler.MutableSpan;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import dev.awty.EventScheduler;
import dev.awty.EventStatus;
import dev.awty.ScheduledTableException;
import dev.awty.handler.HandlerOutcome;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.CheckConsumerConfiguration;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.InMemoryTracing;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.ScriptedHandler;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.check.TestOrderCheck;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One trace from the code that schedules a row to the message published for it: the {@code trace_parent}
 * column, the publish, handler and claim observations, and what happens without a tracer, without the column
 * or with a damaged value. Written once and run on every database by {@link OnEveryDatabase}.
 */
@ExtendWith(OutputCaptureExtension.class)
@OnEveryDatabase
class TracingContractTests extends DatabaseContractTests {

	private static final String ADD_COLUMN = "ALTER TABLE %s ADD trace_parent VARCHAR(64)";

	private final InMemoryTracing tracing = new InMemoryTracing();

	TracingContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	private ApplicationContextRunner purchases(ReceivedEvents received) {
		return traced(AwtyContexts.purchases(this.database, received));
	}

	private ApplicationContextRunner traced(ApplicationContextRunner runner) {
		return runner.withBean(ObservationRegistry.class, this.tracing::registry)
			.withBean(Tracer.class, this.tracing::tracer)
			.withPropertyValues("awty.poller.poll-interval=100ms", "awty.retry.initial-backoff=100ms",
					"awty.retry.jitter=0");
	}

	@Test
	void thePublishContinuesTheTraceOfTheRequestThatScheduledTheRowAndTheConsumerGetsItsTraceparent() {
		this.jdbc.execute(ADD_COLUMN.formatted("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			String[] traceId = new String[1];
			long id = inRequest(() -> {
				traceId[0] = currentTraceId();
				return scheduler.schedule(new TestPurchase(1), databaseNow().plusMillis(300));
			});

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);

			assertThat(storedTraceParent("scheduled_test_purchase", id)).startsWith("00-" + traceId[0] + "-");
			String header = (String) received.all().get(0).message().getHeaders().get("traceparent");
			assertThat(header).as("the consumer continues the trace").startsWith("00-" + traceId[0] + "-");
			await().atMost(Duration.ofSeconds(5))
				.until(() -> !this.tracing.spans("awty publish test_purchase").isEmpty());
			assertThat(this.tracing.spans("awty publish test_purchase")).singleElement().satisfies((span) -> {
				assertThat(span.traceId()).isEqualTo(traceId[0]);
				assertThat(span.tags()).containsEntry("awty.type", "test_purchase")
					.containsEntry("awty.row.id", String.valueOf(id));
			});
			assertThat(this.tracing.spans("awty send test_purchase")).singleElement()
				.satisfies((span) -> assertThat(header).contains(span.id()));
			assertThat(this.tracing.spans("awty claim test_purchase")).as("claims are not observed by default").isEmpty();
		});
	}

	@Test
	void claimsAreObservedInTracesOfTheirOwnWhenAskedFor() {
		this.jdbc.execute(ADD_COLUMN.formatted("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).withPropertyValues("awty.tracing.claims=true").run((context) -> {
			String[] traceId = new String[1];
			inRequest(() -> {
				traceId[0] = currentTraceId();
				return context.getBean(EventScheduler.class).schedule(new TestPurchase(1), databaseNow());
			});

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
			await().atMost(Duration.ofSeconds(5)).until(() -> !this.tracing.spans("awty claim test_purchase").isEmpty());
			assertThat(this.tracing.spans("awty claim test_purchase"))
				.allSatisfy((span) -> assertThat(span.traceId()).isNotEqualTo(traceId[0]));
		});
	}

	@Test
	void everyRetryOfARowIsPublishedInTheTraceThatScheduledIt() {
		this.jdbc.execute(ADD_COLUMN.formatted("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents().failFirst(2);
		purchases(received).run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			String[] traceId = new String[1];
			long id = inRequest(() -> {
				traceId[0] = currentTraceId();
				return scheduler.schedule(new TestPurchase(2), databaseNow());
			});

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
			await().atMost(Duration.ofSeconds(5))
				.until(() -> this.tracing.spans("awty publish test_purchase").size() == 3);

			List<MutableSpan> publishes = this.tracing.spans("awty publish test_purchase");
			assertThat(publishes).extracting(MutableSpan::traceId).containsOnly(traceId[0]);
			assertThat(publishes).filteredOn((span) -> span.error() != null || span.tags().containsKey("error"))
				.hasSize(2);
			assertThat((String) received.all().get(0).message().getHeaders().get("traceparent"))
				.startsWith("00-" + traceId[0] + "-");
			assertThat(status("scheduled_test_purchase", id)).isEqualTo(EventStatus.DELIVERED);
		});
	}

	@Test
	void rowsCreatedTogetherKeepTheTraceOfTheCallThatCreatedThem() {
		this.jdbc.execute(ADD_COLUMN.formatted("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			String[] traceId = new String[1];
			inRequest(() -> {
				traceId[0] = currentTraceId();
				return scheduler.scheduleAll(List.of(new TestPurchase(3), new TestPurchase(4)), databaseNow());
			});

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 2);
			assertThat(received.all()).extracting((event) -> (String) event.message().getHeaders().get("traceparent"))
				.allSatisfy((header) -> assertThat(header).startsWith("00-" + traceId[0] + "-"));
		});
	}

	@Test
	void aMalformedStoredTraceparentStartsANewTraceWithAWarningAndTheRowIsDelivered(CapturedOutput output) {
		this.jdbc.execute(ADD_COLUMN.formatted("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).run((context) -> {
			this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at, trace_parent) VALUES (5, "
					+ this.database.now() + ", 'not-a-trace-id')");
			long id = this.jdbc.queryForObject("SELECT id FROM scheduled_test_purchase WHERE purchase_id = 5", Long.class);

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);

			String header = (String) received.all().get(0).message().getHeaders().get("traceparent");
			assertThat(header).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]");
			assertThat(output).contains("row " + id + " of type 'test_purchase' has a malformed trace_parent "
					+ "'not-a-trace-id'; it is delivered in a new trace");
			await().atMost(Duration.ofSeconds(5)).until(() -> status("scheduled_test_purchase", id) == EventStatus.DELIVERED);
		});
	}

	@Test
	void withoutTheColumnRowsAreDeliveredAsBeforeAndStartUpPrintsTheChangeSetThatAddsIt(CapturedOutput output) {
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).run((context) -> {
			assertThat(context).hasNotFailed();
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			inRequest(() -> scheduler.schedule(new TestPurchase(6), databaseNow()));

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
			assertThat(received.all().get(0).message().getHeaders()).doesNotContainKey("traceparent");
			assertThat(output).contains("awty: type 'test_purchase' is delivered in new traces: table "
					+ "scheduled_test_purchase has no column 'trace_parent'")
				.contains("<addColumn tableName=\"scheduled_test_purchase\">")
				.contains("<column name=\"trace_parent\" type=\"VARCHAR(64)\"/>");
		});
	}

	@Test
	void withoutATracerTheColumnIsNeitherWrittenNorReadAndNothingIsObserved(CapturedOutput output) {
		this.jdbc.execute(ADD_COLUMN.formatted("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents();
		AwtyContexts.purchases(this.database, received)
			.withBean(ObservationRegistry.class, this.tracing::registry)
			.withPropertyValues("awty.poller.poll-interval=100ms")
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				long id = inRequest(() -> scheduler.schedule(new TestPurchase(7), databaseNow()));

				await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
				assertThat(storedTraceParent("scheduled_test_purchase", id)).isNull();
				assertThat(received.all().get(0).message().getHeaders()).doesNotContainKey("traceparent");
				assertThat(this.tracing.spans()).noneMatch((span) -> span.name().startsWith("awty "));
				assertThat(output).doesNotContain("has no column 'trace_parent'");
			});
	}

	@Test
	void tracingCanBeTurnedOffWithTheColumnInPlace() {
		this.jdbc.execute(ADD_COLUMN.formatted("scheduled_test_purchase"));
		ReceivedEvents received = new ReceivedEvents();
		purchases(received).withPropertyValues("awty.tracing.enabled=false").run((context) -> {
			EventScheduler scheduler = context.getBean(EventScheduler.class);
			long id = inRequest(() -> scheduler.schedule(new TestPurchase(8), databaseNow()));

			await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
			assertThat(storedTraceParent("scheduled_test_purchase", id)).isNull();
			assertThat(received.all().get(0).message().getHeaders()).doesNotContainKey("traceparent");
		});
	}

	@Test
	void aTraceParentColumnTooShortForATraceparentFailsStartUpWithTheChangeSet() {
		this.jdbc.execute("ALTER TABLE scheduled_test_purchase ADD trace_parent VARCHAR(20)");
		purchases(new ReceivedEvents()).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(ScheduledTableException.class)
				.hasMessageContaining("column 'trace_parent' has type")
				.hasMessageContaining("but needs VARCHAR(64)");
		});
	}

	@Test
	void everyCheckOfAHandlerRunsInTheTraceThatScheduledTheRowAndWhatItPublishesCarriesIt() {
		this.database.execute(TestOrderCheck.TABLE_DDL);
		this.jdbc.execute(ADD_COLUMN.formatted("scheduled_test_order_check"));
		List<String> handlerTraces = new CopyOnWriteArrayList<>();
		ScriptedHandler handler = new ScriptedHandler().behave((row, check) -> {
			handlerTraces.add(currentTraceId());
			if (check.checkCount() == 0) {
				check.publish("UNSHIPPED " + row.getOrderId());
				return HandlerOutcome.checkAgainAt(check.now().plusMillis(200));
			}
			return HandlerOutcome.publishAndFinish();
		});
		ReceivedEvents alerts = new ReceivedEvents();
		traced(AwtyContexts.consuming(CheckConsumerConfiguration.class, this.database, alerts))
			.withBean(ScriptedHandler.class, () -> handler)
			.run((context) -> {
				EventScheduler scheduler = context.getBean(EventScheduler.class);
				String[] traceId = new String[1];
				long id = inRequest(() -> {
					traceId[0] = currentTraceId();
					return scheduler.schedule(new TestOrderCheck(9), databaseNow());
				});

				await().atMost(Duration.ofSeconds(10))
					.until(() -> status("scheduled_test_order_check", id) == EventStatus.DELIVERED);
				assertThat(handlerTraces).hasSize(2).containsOnly(traceId[0]);
				await().atMost(Duration.ofSeconds(5)).until(() -> alerts.count() == 2);
				assertThat(alerts.all()).extracting((alert) -> (String) alert.message().getHeaders().get("traceparent"))
					.allSatisfy((header) -> assertThat(header).startsWith("00-" + traceId[0] + "-"));
				assertThat(this.tracing.spans("awty handle test_order_check")).hasSize(2)
					.extracting(MutableSpan::traceId)
					.containsOnly(traceId[0]);
			});
	}

	/** Runs {@code work} the way a traced HTTP request runs: inside an observation that is current. */
	private <R> R inRequest(Supplier<R> work) {
		return Observation.createNotStarted("http.server.requests", this.tracing.registry())
			.contextualName("POST /orders")
			.observe(work);
	}

	private String currentTraceId() {
		return Objects.requireNonNull(this.tracing.tracer().currentSpan(), "no current span").context().traceId();
	}

	private String storedTraceParent(String table, long id) {
		return this.jdbc.queryForObject("SELECT trace_parent FROM " + table + " WHERE id = ?", String.class, id);
	}

	private EventStatus status(String table, long id) {
		return EventStatus.valueOf(
				this.jdbc.queryForObject("SELECT status FROM " + table + " WHERE id = ?", String.class, id).trim());
	}

	private Instant databaseNow() {
		return this.database.databaseNow();
	}

}
