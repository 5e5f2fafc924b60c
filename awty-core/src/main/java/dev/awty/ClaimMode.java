package dev.awty;

/**
 * How the instances of a service share the due rows of an event type.
 */
public enum ClaimMode {

	/**
	 * One instance at a time polls the type, the holder of the ShedLock lock {@code awty:<type>}; the
	 * others wait for their turn. Simple, and ordered by due time across the whole type.
	 */
	LEADER,

	/**
	 * Every instance claims batches of its own with {@code FOR UPDATE SKIP LOCKED} and a lease, so delivery
	 * of one type scales out across instances.
	 */
	SKIP_LOCKED

}
