package dev.awty.history;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Objects;

import org.junit.jupiter.api.Test;

import dev.awty.internal.housekeeping.HistoryPartitions;
import dev.awty.internal.housekeeping.Housekeeping;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

/** The history contract on PostgreSQL, and what only PostgreSQL does: the history in daily partitions. */
class PostgresHistoryIntegrationTests extends HistoryContractTests {

	PostgresHistoryIntegrationTests() {
		super(TestDatabases::postgres);
	}

	@Test
	void partitionsOfTodayAndTheNextDaysExistFromStartUpAndEntriesOfADayWithoutOneMoveIntoItWhenItIsCreated() {
		purchases(new ReceivedEvents()).run((context) -> {
			HistoryPartitions partitions = Objects.requireNonNull(partitions(context));
			LocalDate today = LocalDate.ofInstant(databaseNow(), ZoneOffset.UTC);
			assertThat(partitions.days()).contains(today, today.plusDays(1), today.plusDays(2), today.plusDays(3));
			LocalDate later = today.plusDays(10);
			insert("test_purchase", 7, "FAILED", later.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(3600),
					"arrived before its day had a partition");
			assertThat(partitionOfRow(7)).isEqualTo("awty_delivery_log_default");

			partitions.create(later);

			assertThat(partitionOfRow(7)).isEqualTo(HistoryPartitions.name(later));
			assertThat(context.getBean(DeliveryHistory.class).ofRow("test_purchase", 7)).singleElement()
				.satisfies((entry) -> assertThat(entry.error()).isEqualTo("arrived before its day had a partition"));
			assertThat(context.getBean(Housekeeping.class).runOnce().historyDaysDropped()).isZero();
			assertThat(partitions.days()).contains(later);
		});
	}

	@Test
	void aDayTheDbaDetachedToArchiveIsKeptWhileDaysPastTheRetentionAreDropped() {
		purchases(new ReceivedEvents(), "awty.history.retention=90d").run((context) -> {
			HistoryPartitions partitions = Objects.requireNonNull(partitions(context));
			LocalDate archived = LocalDate.ofInstant(databaseNow(), ZoneOffset.UTC).minusDays(120);
			partitions.create(archived);
			partitions.create(archived.plusDays(1));
			this.jdbc.execute("ALTER TABLE awty_delivery_log DETACH PARTITION " + HistoryPartitions.name(archived));

			assertThat(context.getBean(Housekeeping.class).runOnce().historyDaysDropped()).isEqualTo(1);

			assertThat(tableExists(HistoryPartitions.name(archived))).as("the DBA's archive").isTrue();
			assertThat(tableExists(HistoryPartitions.name(archived.plusDays(1)))).isFalse();
		});
	}

	private boolean tableExists(String name) {
		return this.jdbc.queryForObject("SELECT to_regclass(?) IS NOT NULL", Boolean.class, name);
	}

	@Test
	void theHistoryQueriesReadEachPartitionThroughAnIndex() {
		purchases(new ReceivedEvents()).run((context) -> {
			assertThat(partitions(context)).as("PostgreSQL keeps the history in daily partitions").isNotNull();
			String[] queries = { """
					SELECT * FROM awty_delivery_log WHERE event_type = 'test_purchase'
					AND finished_at >= now() - interval '1 day' AND finished_at < now() AND outcome = 'FAILED'
					ORDER BY finished_at, id LIMIT 1000""",
					"SELECT * FROM awty_delivery_log WHERE event_type = 'test_purchase' AND row_id = 7 ORDER BY finished_at, id",
					"""
					SELECT * FROM awty_delivery_log WHERE schedule_id = 'nightly'
					ORDER BY finished_at DESC, id DESC LIMIT 50""" };
			for (String query : queries) {
				String plan = String.join("\n", this.jdbc.queryForList("EXPLAIN " + query, String.class));
				assertThat(plan).as(plan).contains("Index").doesNotContain("Seq Scan");
			}
		});
	}

}
