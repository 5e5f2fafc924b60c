package dev.awty.housekeeping;

/**
 * What one housekeeping run deleted.
 *
 * @param ran whether this instance got the lock; when not, another instance was running and nothing was deleted
 * @param historyEntriesDeleted history entries deleted one by one (where the history is not partitioned, or entries
 * of the default partition)
 * @param historyDaysDropped days of history retired whole, by dropping their partitions
 * @param rowsDeleted finished rows deleted from the scheduled tables
 * @param schedulesDeleted completed {@code @at} schedules deleted
 */
public record HousekeepingRun(boolean ran, long historyEntriesDeleted, int historyDaysDropped, long rowsDeleted,
		long schedulesDeleted) {

}
