package dev.awty.benchmarks.soak;

import java.time.Duration;

import org.springframework.stereotype.Component;

import dev.awty.handler.EventHandler;
import dev.awty.handler.HandlerContext;
import dev.awty.handler.HandlerOutcome;

/**
 * Checks each row again {@value #AGAIN_MILLIS} ms after its first due time and publishes it then, so that every
 * check row goes through a reschedule by its handler before it is delivered. The lag the consumer sees is counted
 * from the second due time, the row's own when it is published.
 */
@Component
class SoakCheckHandler implements EventHandler<SoakCheck> {

	static final long AGAIN_MILLIS = 1000;

	@Override
	public HandlerOutcome handle(SoakCheck row, HandlerContext context) {
		if (context.checkCount() == 0) {
			return HandlerOutcome.checkAgainAt(context.firstCheckAt().plus(Duration.ofMillis(AGAIN_MILLIS)));
		}
		return HandlerOutcome.publishAndFinish();
	}

}
