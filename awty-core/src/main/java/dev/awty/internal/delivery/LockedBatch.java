package dev.awty.internal.delivery;

import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.internal.pipeline.PollSource;

/**
 * Rows locked together in one open transaction, which holds them until their outcomes are written in it and it
 * commits (see {@link TransactionalDelivery}).
 *
 * @param token names the batch in the log; the rows carry no claim token
 * @param limit the most rows the claim could have taken: fewer means nothing more was due
 * @param transaction the open transaction; {@code null} for a claim that locked nothing
 */
record LockedBatch<T extends ScheduledEntity>(String token, List<T> rows, int limit,
		@Nullable BatchTransaction transaction) implements PollSource.Batch {

	static <T extends ScheduledEntity> LockedBatch<T> none(String token, int limit) {
		return new LockedBatch<>(token, List.of(), limit, null);
	}

	@Override
	public int size() {
		return this.rows.size();
	}

}
