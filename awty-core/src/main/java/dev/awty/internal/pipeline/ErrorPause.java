package dev.awty.internal.pipeline;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.internal.support.ErrorText;

/**
 * The pause after failed cycles: the poll interval, doubled per failure in a row up to 30 seconds (or the poll
 * interval, if longer). A failure is logged in one line, the stack trace at debug; a recovery in one more.
 * Not thread-safe: one loop's cycles run one at a time.
 */
final class ErrorPause {

	private static final Log logger = LogFactory.getLog(ErrorPause.class);

	private static final Duration MAX_ERROR_PAUSE = Duration.ofSeconds(30);

	private final String name;

	private final Duration pollInterval;

	private int failedCycles;

	ErrorPause(String name, Duration pollInterval) {
		this.name = name;
		this.pollInterval = pollInterval;
	}

	void succeeded() {
		if (this.failedCycles > 0) {
			logger.info("awty: poller of " + this.name + " recovered after " + this.failedCycles + " failed cycle(s)");
		}
		this.failedCycles = 0;
	}

	/** @return how long to wait before the next cycle */
	Duration failed(Throwable ex) {
		this.failedCycles++;
		Duration pause = pause(this.pollInterval, this.failedCycles);
		logger.warn("awty: poller of " + this.name + " failed (" + ErrorText.of(ex) + "); trying again in "
				+ pause.toMillis() + " ms");
		logger.debug("awty: poller failure of " + this.name, ex);
		return pause;
	}

	static Duration pause(Duration pollInterval, int failedCycles) {
		long millis = pollInterval.toMillis() << Math.min(failedCycles - 1, 10);
		return Duration.ofMillis(Math.min(millis, Math.max(MAX_ERROR_PAUSE.toMillis(), pollInterval.toMillis())));
	}

}
