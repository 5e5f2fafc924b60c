package dev.awty.housekeeping;

/**
 * Housekeeping on demand: the run awty's scheduler starts every {@code awty.housekeeping.interval}, started now, for
 * an operator or a test that cannot wait for it. It deletes history past {@code awty.history.retention} (retiring
 * whole days where the history is partitioned), finished rows past {@code awty.housekeeping.keep-finished} and
 * completed {@code @at} schedules past {@code awty.recurring.keep-completed}. One instance at a time runs it, under
 * the ShedLock lock {@code awty:housekeeping}: asked for while another instance runs, it does nothing and says so.
 */
public interface HousekeepingRuns {

	/** Runs housekeeping now, on the calling thread, if this instance gets its lock; says what it deleted. */
	HousekeepingRun runNow();

}
