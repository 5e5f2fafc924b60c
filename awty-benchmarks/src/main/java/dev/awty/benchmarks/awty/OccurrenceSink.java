package dev.awty.benchmarks.awty;

import java.time.Instant;

/** Where the benchmark's awty instances hand each occurrence of a recurring schedule. */
@FunctionalInterface
public interface OccurrenceSink {

	/**
	 * @param scheduleId the schedule that fired
	 * @param at the occurrence's time, when it was due
	 */
	void occurrence(String scheduleId, Instant at);

}
