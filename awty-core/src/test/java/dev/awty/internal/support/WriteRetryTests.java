package dev.awty.internal.support;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.springframework.dao.DataAccessResourceFailureException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class WriteRetryTests {

	@Test
	void aWriteIsNotTriedAgainOnceTheNextAttemptWouldStartPastItsBound() {
		AtomicInteger attempts = new AtomicInteger();

		assertThatExceptionOfType(DataAccessResourceFailureException.class)
			.isThrownBy(() -> WriteRetry.write("a test", Duration.ofMillis(500).toNanos(), () -> {
				attempts.incrementAndGet();
				throw new DataAccessResourceFailureException("connection lost");
			}));

		// the first pause (250 ms) ends within the bound, the second (1 s) would not
		assertThat(attempts).hasValue(2);
	}

}
