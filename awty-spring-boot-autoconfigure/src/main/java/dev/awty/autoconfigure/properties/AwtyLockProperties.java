package dev.awty.autoconfigure.properties;

/**
 * Leader lock settings, under {@code awty.lock.*}.
 */
public class AwtyLockProperties {

	/**
	 * Where the leader locks live: jdbc (the ShedLock table in the application's database) or redis (the
	 * application's Redis, through its RedisConnectionFactory).
	 */
	private Provider provider = Provider.JDBC;

	/**
	 * Name of the ShedLock table holding the leader locks.
	 */
	private String tableName = "shedlock";

	public Provider getProvider() {
		return this.provider;
	}

	public void setProvider(Provider provider) {
		this.provider = provider;
	}

	public String getTableName() {
		return this.tableName;
	}

	public void setTableName(String tableName) {
		this.tableName = tableName;
	}

	/**
	 * Where leader locks live.
	 */
	public enum Provider {

		/** The ShedLock table in the application's database. */
		JDBC,

		/** The application's Redis. */
		REDIS

	}

}
