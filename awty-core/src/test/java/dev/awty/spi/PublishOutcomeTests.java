package dev.awty.spi;

import java.net.ConnectException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PublishOutcomeTests {

	@Test
	void failureFromAnExceptionNamesItsMostSpecificCauseAndMessage() {
		PublishOutcome outcome = PublishOutcome
			.failure(new IllegalStateException("send failed", new ConnectException("Connection refused")));
		assertThat(outcome.succeeded()).isFalse();
		assertThat(outcome.error()).isEqualTo("ConnectException: Connection refused");
	}

	@Test
	void failureFromAnExceptionWithALongMessageIsCutTo2000Characters() {
		PublishOutcome outcome = PublishOutcome.failure(new IllegalStateException("x".repeat(5000)));
		assertThat(outcome.error()).hasSize(2000).startsWith("IllegalStateException: xxx");
	}

}
