package dev.awty.benchmarks.report;

/**
 * What one run of a system delivered, against what it should have.
 *
 * @param faulted whether the run killed instances or the database: its duplicates are the at-least-once
 * redeliveries the crash bound allows, judged by the scenario's own figures, so only a loss counts against it
 */
public record Delivery(String scenario, String system, int repetition, long expected, long received,
		long duplicates, boolean faulted) {

	public boolean exactlyOnce() {
		return this.received == this.expected && this.duplicates == 0;
	}

	public boolean lost() {
		return this.received < this.expected;
	}

}
