package dev.awty.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.awty.autoconfigure.diagnostics.AwtyConfigurationFailureAnalyzer;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Batches held in transactions each hold a pooled connection while they publish: start-up says so when they could
 * take more than half of the pool, and names what to change.
 */
class OpenTransactionsStartupTests {

	private final TestDatabase database = TestDatabases.h2();

	@Test
	void theDefaultsFitTheDefaultPoolOfTen() {
		runner("awty.claim.mode=skip-locked", "awty.poller.concurrency=8")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void openBatchesThatWouldTakeMoreThanHalfThePoolFailStartupNamingTheSettings() {
		runner("spring.datasource.hikari.maximum-pool-size=6", "awty.claim.mode=skip-locked", "awty.poller.concurrency=8")
			.run((context) -> {
				FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).isEqualTo("awty is misconfigured: awty may hold 4 connection(s) of"
						+ " its pool in open batches (types held in a transaction x their concurrency = 8, at most"
						+ " awty.poller.open-transactions = 4), more than half of the pool's maximum-pool-size of 6: the"
						+ " application's own requests would wait for connections");
				assertThat(analysis.getAction()).isEqualTo("Set awty.poller.open-transactions to 3 or less, raise the"
						+ " pool's maximum-pool-size (spring.datasource.hikari.maximum-pool-size) to 8 or more, or hold"
						+ " batches by a lease: awty.poller.holding=lease.");
			});
	}

	@Test
	void typesHeldByALeaseNeedNoOpenTransactions() {
		runner("spring.datasource.hikari.maximum-pool-size=2", "awty.poller.holding=lease")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void refusesOpenTransactionsBelowOne() {
		runner("awty.poller.open-transactions=0").run((context) -> {
			FailureAnalysis analysis = new AwtyConfigurationFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription())
				.isEqualTo("awty is misconfigured: awty.poller.open-transactions must be at least 1, was 0");
		});
	}

	private ApplicationContextRunner runner(String... properties) {
		this.database.execute(TestPurchase.TABLE_DDL);
		return AwtyContexts.purchases(this.database, new ReceivedEvents()).withPropertyValues(properties);
	}

}
