package dev.awty.spi;

/**
 * The statements that keep {@code awty_delivery_log} in one partition per day (UTC), on a database that partitions
 * tables natively: housekeeping creates the partitions of the coming days ahead of their rows and retires a day by
 * dropping its partition instead of deleting its entries. Rows without a partition of their day go to a default
 * partition {@code awty_delivery_log_default}, so that an insert never fails. A day's partition is named
 * {@code awty_delivery_log_d} followed by the day as {@code yyyyMMdd}; awty creates and drops only partitions so named.
 *
 * @param isPartitioned a query returning one row whose first column is {@code true} when {@code awty_delivery_log}
 * is partitioned
 * @param dayTables a query returning, in columns {@code name} and {@code attached}, every table in the schema of
 * {@code awty_delivery_log} named as a day's partition that is attached or that {@code markRetiring} marked, and
 * whether it is attached (a marked one is a day being dropped; a day someone else detached, to archive it, is not
 * listed and so never dropped)
 * @param createDetached creates the partition {@code %1$s} as a table shaped as {@code awty_delivery_log}, not yet
 * attached, unless it exists
 * @param lockDefault locks the default partition against inserts until the transaction ends, so that no entry of
 * the day being attached arrives in it between {@code moveFromDefault} and {@code attach}
 * @param moveFromDefault moves the entries finished from {@code :from} until {@code :to} out of the default
 * partition into {@code %1$s}
 * @param attach attaches {@code %1$s} for the entries finished from {@code %2$s} until {@code %3$s}, two timestamp
 * literals at midnight UTC
 * @param detach detaches the partition {@code %1$s}
 * @param markRetiring marks the detached partition {@code %1$s} as awty's, to be dropped; run in the transaction of
 * {@code detach}
 * @param drop drops the detached partition {@code %1$s} with its entries
 * @param lockTimeout limits, for the rest of the transaction, how long the statements above wait for a lock, so that a
 * long transaction on the table makes housekeeping try again later rather than queue every insert behind it
 */
public record DailyHistoryPartitions(String isPartitioned, String dayTables, String createDetached,
		String lockDefault, String moveFromDefault, String attach, String detach, String markRetiring, String drop,
		String lockTimeout) {

}
