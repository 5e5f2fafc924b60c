package dev.awty.audit;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.transaction.support.TransactionTemplate;

import dev.awty.TypePauses;
import dev.awty.internal.housekeeping.Housekeeping;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.repository.EventRepositories;
import dev.awty.repository.Selection;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.DatabaseContractTests;
import dev.awty.testing.OnEveryDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.context.RecurringConsumerConfiguration;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * The audit of operator actions through the Java API, which the dashboard, the actuator endpoint and the REST API of
 * schedules call too: each action leaves one entry naming the Spring Security principal of the calling thread (or
 * {@code anonymous}), with the rows it changed, committed with the action or not at all, and kept as long as the
 * history. Written once and run on every database by {@link OnEveryDatabase}.
 */
@OnEveryDatabase
class AuditContractTests extends DatabaseContractTests {

	private static final String TYPE = "test_purchase";

	AuditContractTests(Supplier<TestDatabase> databases) {
		super(databases);
	}

	@BeforeEach
	void createScheduledTable() {
		this.database.execute(TestPurchase.TABLE_DDL);
	}

	@AfterEach
	void signOut() {
		SecurityContextHolder.clearContext();
	}

	private ApplicationContextRunner application() {
		return AwtyContexts.purchases(this.database, new ReceivedEvents())
			.withUserConfiguration(RecurringConsumerConfiguration.class)
			// Rows are changed by hand here, not delivered: a poll would race the assertions on their status.
			.withPropertyValues("awty.poller.poll-interval=1h", "awty.recurring.poll-interval=1h",
					"awty.housekeeping.interval=1h", "awty.history.retention=1d");
	}

	@Test
	void eachOperatorActionLeavesOneEntryNamingThePrincipalAndTheRowsItChanged() {
		application().run((context) -> {
			assertThat(context).hasNotFailed();
			Instant later = this.database.databaseNow().plus(Duration.ofHours(1));
			insertRow(1, later, "PENDING");
			insertRow(2, later, "PENDING");
			insertRow(3, later, "FAILED");
			insertRow(4, later, "FAILED");
			TypePauses pauses = context.getBean(TypePauses.class);
			EventRepositories repositories = context.getBean(EventRepositories.class);
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);

			signIn("ada");
			pauses.pause(TYPE);
			pauses.pause(TYPE);
			pauses.resume(TYPE);
			purchase(repositories, 1).deliverNow();
			// The anonymous cancel below finds it delivered, once the poller that deliverNow woke has run.
			await().atMost(Duration.ofSeconds(10)).until(() -> "DELIVERED".equals(status(1)));
			purchase(repositories, 2).cancel();
			repositories.select(TestPurchase.class).retry();
			schedules.create(ScheduleDefinition.of("digest", "@every 1h"));
			schedules.createAll(List.of(ScheduleDefinition.of("r1", "@every 1h"), ScheduleDefinition.of("r2", "@every 1h"),
					ScheduleDefinition.of("r3", "@every 1h"), ScheduleDefinition.of("r4", "@every 1h"),
					ScheduleDefinition.of("r5", "@every 1h"), ScheduleDefinition.of("r6", "@every 1h")));
			schedules.update(ScheduleDefinition.of("digest", "@every 2h"));
			schedules.pause("digest");
			schedules.resume("digest");
			String fired = schedules.fireNow("digest");
			schedules.delete("digest");
			schedules.delete("digest");
			SecurityContextHolder.getContext()
				.setAuthentication(new AnonymousAuthenticationToken("key", "anonymousUser",
						AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));
			purchase(repositories, 1).cancel();
			SecurityContextHolder.clearContext();
			pauses.pause(TYPE);

			OperatorAudit audit = context.getBean(OperatorAudit.class);
			List<AuditEntry> entries = audit.newest(100);
			assertThat(entries).extracting(AuditEntry::principal, AuditEntry::action, AuditEntry::target,
					AuditEntry::rows)
				.containsExactly(tuple("anonymous", OperatorAction.PAUSE_TYPE, TYPE, 1L),
						tuple("anonymous", OperatorAction.CANCEL, TYPE, 0L),
						tuple("ada", OperatorAction.SCHEDULE_DELETE, "digest", 0L),
						tuple("ada", OperatorAction.SCHEDULE_DELETE, "digest", 1L),
						tuple("ada", OperatorAction.SCHEDULE_FIRE_NOW, "digest", 1L),
						tuple("ada", OperatorAction.SCHEDULE_RESUME, "digest", 1L),
						tuple("ada", OperatorAction.SCHEDULE_PAUSE, "digest", 1L),
						tuple("ada", OperatorAction.SCHEDULE_UPDATE, "digest", 1L),
						tuple("ada", OperatorAction.SCHEDULE_CREATE, "r1, r2, r3, r4, r5 and 1 more", 6L),
						tuple("ada", OperatorAction.SCHEDULE_CREATE, "digest", 1L),
						tuple("ada", OperatorAction.RETRY, TYPE, 2L),
						tuple("ada", OperatorAction.CANCEL, TYPE, 1L),
						tuple("ada", OperatorAction.DELIVER_NOW, TYPE, 1L),
						tuple("ada", OperatorAction.RESUME_TYPE, TYPE, 1L),
						tuple("ada", OperatorAction.PAUSE_TYPE, TYPE, 0L),
						tuple("ada", OperatorAction.PAUSE_TYPE, TYPE, 1L));
			assertThat(entries.get(1).detail()).isEqualTo("WHERE (e.purchase_id = :purchase) {purchase=1}");
			assertThat(entries.get(4).detail()).startsWith(fired);
			assertThat(entries.get(10).detail()).isEqualTo("every row");
			Instant now = this.database.databaseNow();
			assertThat(entries).allSatisfy((entry) -> assertThat(entry.at()).isBetween(now.minusSeconds(60), now));
			assertThat(entries).extracting(AuditEntry::id).isSortedAccordingTo((a, b) -> Long.compare(b, a));

			assertThat(audit.newest(null, "anonymous", null, 10)).hasSize(2);
			assertThat(audit.newest("digest", "ada", null, 10)).hasSize(7);
			List<AuditEntry> firstPage = audit.newest(TYPE, null, null, 3);
			assertThat(firstPage).extracting(AuditEntry::action)
				.containsExactly(OperatorAction.PAUSE_TYPE, OperatorAction.CANCEL, OperatorAction.RETRY);
			assertThat(audit.newest(TYPE, null, firstPage.get(2).id(), 10)).extracting(AuditEntry::action)
				.containsExactly(OperatorAction.CANCEL, OperatorAction.DELIVER_NOW,
						OperatorAction.RESUME_TYPE, OperatorAction.PAUSE_TYPE, OperatorAction.PAUSE_TYPE);
		});
	}

	@Test
	void anActionRolledBackWithTheCallersTransactionLeavesNoEntry() {
		application().run((context) -> {
			insertRow(1, this.database.databaseNow().plus(Duration.ofHours(1)), "PENDING");
			signIn("ada");
			TransactionTemplate transaction = new TransactionTemplate(
					new DataSourceTransactionManager(context.getBean(DataSource.class)));
			transaction.executeWithoutResult((status) -> {
				assertThat(purchase(context.getBean(EventRepositories.class), 1).cancel().changed()).isEqualTo(1);
				status.setRollbackOnly();
			});
			assertThat(context.getBean(OperatorAudit.class).newest(10)).isEmpty();
			assertThat(this.jdbc.queryForObject("SELECT status FROM scheduled_test_purchase", String.class))
				.isEqualTo("PENDING");

			transaction.executeWithoutResult(
					(status) -> purchase(context.getBean(EventRepositories.class), 1).cancel());
			assertThat(context.getBean(OperatorAudit.class).newest(10)).extracting(AuditEntry::action)
				.containsExactly(OperatorAction.CANCEL);
		});
	}

	@Test
	void aFireNowStaysAuditedAndInTheHistoryWhenTheCallersTransactionRollsBackAfterThePublish() {
		application().run((context) -> {
			RecurringSchedules schedules = context.getBean(RecurringSchedules.class);
			schedules.create(ScheduleDefinition.of("digest", "@every 1h"));
			signIn("ada");
			TransactionTemplate transaction = new TransactionTemplate(
					new DataSourceTransactionManager(context.getBean(DataSource.class)));
			assertThatIllegalStateException().isThrownBy(() -> transaction.executeWithoutResult((status) -> {
				schedules.fireNow("digest");
				throw new IllegalStateException("the caller fails after the occurrence was published");
			}));
			assertThat(context.getBean(OperatorAudit.class).newest("digest", "ada", null, 10))
				.extracting(AuditEntry::action, AuditEntry::rows)
				.containsExactly(tuple(OperatorAction.SCHEDULE_FIRE_NOW, 1L));
			assertThat(this.jdbc.queryForObject(
					"SELECT COUNT(*) FROM awty_delivery_log WHERE schedule_id = 'digest' AND outcome = 'DELIVERED'",
					Integer.class)).isOne();
		});
	}

	@Test
	void anEntryWhoseActionThisVersionDoesNotKnowIsReadWithTheOthers() {
		application().run((context) -> {
			context.getBean(TypePauses.class).pause(TYPE);
			// As a newer version of awty, running beside this one during a rolling deploy, would write it.
			this.jdbc.update("INSERT INTO awty_audit (acted_at, principal, action, target, rows_affected)"
					+ " VALUES (?, 'ada', 'ARCHIVE_TYPE', ?, 3)", this.database.timestamp(this.database.databaseNow()),
					TYPE);
			assertThat(context.getBean(OperatorAudit.class).newest(10))
				.extracting(AuditEntry::action, AuditEntry::actionName, AuditEntry::target, AuditEntry::rows)
				.containsExactly(tuple(null, "ARCHIVE_TYPE", TYPE, 3L),
						tuple(OperatorAction.PAUSE_TYPE, "PAUSE_TYPE", TYPE, 1L));
		});
	}

	@Test
	void housekeepingDeletesEntriesOlderThanTheHistoryRetention() {
		application().run((context) -> {
			Instant now = this.database.databaseNow();
			insertEntry(now.minus(Duration.ofDays(3)), "old");
			insertEntry(now.minus(Duration.ofHours(23)), "recent");
			context.getBean(TypePauses.class).pause(TYPE);

			Housekeeping housekeeping = context.getBean(Housekeeping.class);
			await().atMost(Duration.ofSeconds(10)).until(() -> housekeeping.runOnce().ran());

			assertThat(context.getBean(OperatorAudit.class).newest(10)).extracting(AuditEntry::target)
				.containsExactly(TYPE, "recent");
		});
	}

	@Test
	void aPageOutOfRangeIsRefusedSayingWhatToPass() {
		application().run((context) -> {
			OperatorAudit audit = context.getBean(OperatorAudit.class);
			assertThatIllegalArgumentException().isThrownBy(() -> audit.newest(0))
				.withMessage("limit must be between 1 and 1000, was 0");
			assertThatIllegalArgumentException().isThrownBy(() -> audit.newest(null, null, 0L, 10))
				.withMessage("beforeId must be the positive id of an entry read before, was 0; pass null to start from"
						+ " the newest");
		});
	}

	private static Selection<TestPurchase> purchase(EventRepositories repositories, long purchaseId) {
		return repositories.select(TestPurchase.class).where("e.purchase_id = :purchase").param("purchase", purchaseId);
	}

	private static void signIn(String user) {
		SecurityContextHolder.getContext()
			.setAuthentication(new TestingAuthenticationToken(user, "secret", "ROLE_AWTY_OPERATOR"));
	}

	private void insertRow(long purchaseId, Instant dueAt, String status) {
		this.jdbc.update("INSERT INTO scheduled_test_purchase (purchase_id, due_at, status) VALUES (?, ?, ?)",
				purchaseId, this.database.timestamp(dueAt), status);
	}

	private String status(long purchaseId) {
		return this.jdbc.queryForObject("SELECT status FROM scheduled_test_purchase WHERE purchase_id = ?",
				String.class, purchaseId);
	}

	private void insertEntry(Instant at, String target) {
		this.jdbc.update("INSERT INTO awty_audit (acted_at, principal, action, target, rows_affected)"
				+ " VALUES (?, 'ada', 'CANCEL', ?, 1)", this.database.timestamp(at), target);
	}

}
