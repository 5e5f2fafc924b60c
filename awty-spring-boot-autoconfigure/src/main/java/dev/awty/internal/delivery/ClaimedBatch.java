package dev.awty.internal.delivery;

import java.util.List;

import dev.awty.ScheduledEntity;

/**
 * Rows claimed together, and the token they were claimed with: the instance id plus a sequence number, so
 * that a batch whose lease ran out cannot mark rows this same instance has claimed again since.
 */
record ClaimedBatch<T extends ScheduledEntity>(String token, List<T> rows) {

	static <T extends ScheduledEntity> ClaimedBatch<T> empty() {
		return new ClaimedBatch<>("", List.of());
	}

}
