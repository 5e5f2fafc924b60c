package dev.awty.dialect;

import dev.awty.spi.DailyHistoryPartitions;

/** PostgreSQL's statements for the history in daily partitions (declarative partitioning by {@code finished_at}). */
final class PostgresHistoryPartitions {

	// Daily partitions of the history. A day's partition is created detached and attached afterwards: attaching takes
	// a lock that lets inserts into the other partitions go on, where CREATE TABLE … PARTITION OF locks the whole table.
	// Entries that arrived before their day had a partition wait in the default one; they move into it in the same
	// transaction, with the default partition locked so that no more of them arrive before the attach checks it.
	// By pg_class's primary key: pg_partitioned_table is read whole, however small.
	private static final String HISTORY_IS_PARTITIONED = """
			SELECT COALESCE((SELECT relkind = 'p' FROM pg_class WHERE oid = to_regclass('awty_delivery_log')), FALSE)
			""";

	// Detached ones too when awty marked them: a day whose partition was detached but not yet dropped (the instance
	// stopped in between). A day detached by someone else, to archive it, is theirs.
	private static final String HISTORY_DAY_TABLES = """
			SELECT c.relname AS name, c.relispartition AS attached FROM pg_class c
			WHERE c.relkind = 'r' AND c.relname LIKE 'awty\\_delivery\\_log\\_d%'
			  AND c.relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = to_regclass('awty_delivery_log'))
			  AND (c.relispartition OR obj_description(c.oid, 'pg_class') = 'awty: retiring')
			""";

	private static final String CREATE_DETACHED_HISTORY_PARTITION = """
			CREATE TABLE IF NOT EXISTS %1$s (LIKE awty_delivery_log INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
			""";

	private static final String LOCK_DEFAULT_HISTORY_PARTITION = """
			LOCK TABLE awty_delivery_log_default IN SHARE ROW EXCLUSIVE MODE
			""";

	private static final String MOVE_FROM_DEFAULT_HISTORY_PARTITION = """
			WITH moved AS (
			    DELETE FROM awty_delivery_log_default WHERE finished_at >= :from AND finished_at < :to RETURNING *)
			INSERT INTO %1$s SELECT * FROM moved
			""";

	private static final String ATTACH_HISTORY_PARTITION = """
			ALTER TABLE awty_delivery_log ATTACH PARTITION %1$s FOR VALUES FROM ('%2$s') TO ('%3$s')
			""";

	// A day is detached first, in a transaction of its own: that takes a lock on the whole table for a moment, after
	// waiting for the transactions that insert into it. Dropping the detached table afterwards locks nothing else
	// while the file system deletes its files, which takes seconds for gigabytes.
	private static final String DETACH_HISTORY_PARTITION = "ALTER TABLE awty_delivery_log DETACH PARTITION %1$s";

	private static final String MARK_RETIRING_HISTORY_PARTITION = "COMMENT ON TABLE %1$s IS 'awty: retiring'";

	private static final String DROP_HISTORY_PARTITION = "DROP TABLE IF EXISTS %1$s";

	// Short: while a DETACH or an ATTACH waits in the lock queue, every insert into the history (every outcome write
	// with history on) queues behind it. The caller tries a few times, spread out, and leaves the day to the next run.
	private static final String HISTORY_PARTITION_LOCK_TIMEOUT = "SET LOCAL lock_timeout = '200ms'";

	static final DailyHistoryPartitions STATEMENTS = new DailyHistoryPartitions(
			HISTORY_IS_PARTITIONED, HISTORY_DAY_TABLES, CREATE_DETACHED_HISTORY_PARTITION,
			LOCK_DEFAULT_HISTORY_PARTITION, MOVE_FROM_DEFAULT_HISTORY_PARTITION, ATTACH_HISTORY_PARTITION,
			DETACH_HISTORY_PARTITION, MARK_RETIRING_HISTORY_PARTITION, DROP_HISTORY_PARTITION,
			HISTORY_PARTITION_LOCK_TIMEOUT);

	private PostgresHistoryPartitions() {
	}

}
