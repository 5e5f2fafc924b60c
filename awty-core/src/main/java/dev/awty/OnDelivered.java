package dev.awty;

/**
 * What happens to a row once its message is published.
 */
public enum OnDelivered {

	/** Keep it with status {@code DELIVERED} and {@code delivered_at} set. */
	MARK,

	/** Delete it, for tables that should hold only what is still to come. */
	DELETE

}
