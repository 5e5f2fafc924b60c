package dev.awty.internal.pipeline.kit;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.LongConsumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.internal.claim.Leases;

/**
 * One renewal of the leases of held batches, for the {@link LeaseHeartbeat}: one statement extends the leases of
 * all their rows, fenced by the batches' claim tokens. When fewer rows were extended than held, the rows no
 * longer held under their own batch's token are found out, dropped from their batch, counted and logged: this
 * instance does not publish them, and the ids are told, with the token of the claim that lost them, to whoever works
 * on them (a running handler is interrupted: not that of another claim that holds the same row again).
 */
final class LeaseRenewal<I> {

	private static final Log logger = LogFactory.getLog(LeaseHeartbeat.class);

	private final String what;

	private final Leases leases;

	private final Class<I> idType;

	private final Duration lease;

	private final LongConsumer lostRows;

	private final BiConsumer<String, List<I>> lostIds;

	LeaseRenewal(String what, Leases leases, Class<I> idType, Duration lease, LongConsumer lostRows,
			BiConsumer<String, List<I>> lostIds) {
		this.lostIds = lostIds;
		this.what = what;
		this.leases = leases;
		this.idType = idType;
		this.lease = lease;
		this.lostRows = lostRows;
	}

	/** @param sentNanos {@link System#nanoTime()} before the statement is sent: the leases run from no earlier */
	void renew(List<LeaseHeartbeat<I>.Held> due, long sentNanos) {
		Set<I> ids = new HashSet<>();
		int heldCount = 0;
		Set<String> tokens = new HashSet<>();
		long stalledNanos = 0;
		for (LeaseHeartbeat<I>.Held held : due) {
			List<I> heldIds = held.heldIds();
			ids.addAll(heldIds);
			heldCount += heldIds.size();
			if (!heldIds.isEmpty()) {
				tokens.add(held.token());
				stalledNanos = Math.max(stalledNanos, sentNanos - held.confirmedNanos());
			}
		}
		if (ids.isEmpty()) {
			return;
		}
		if (stalledNanos > this.lease.toNanos()) {
			logger.warn("awty: the leases of " + this.what + " were last extended " + stalledNanos / 1_000_000
					+ " ms ago, longer than the lease (" + this.lease + "): this instance stalled (a long pause?)");
		}
		// A row in two batches (lost by one, claimed again into another) is extended under one token only: which one
		// holds it is asked, so that the batch that lost it learns so.
		if (this.leases.extend(ids, tokens, this.lease) < heldCount) {
			dropLost(due, this.leases.held(ids, tokens, this.idType));
		}
		for (LeaseHeartbeat<I>.Held held : due) {
			held.confirmed(sentNanos);
		}
	}

	private void dropLost(List<LeaseHeartbeat<I>.Held> due, Map<String, Set<I>> stillHeld) {
		long lost = 0;
		for (LeaseHeartbeat<I>.Held held : due) {
			List<I> dropped = held.lose(stillHeld.getOrDefault(held.token(), Set.of()));
			if (!dropped.isEmpty()) {
				// By claim: the same row may be held again by another batch of this instance, which goes on with it.
				this.lostIds.accept(held.token(), dropped);
				lost += dropped.size();
			}
		}
		if (lost > 0) {
			this.lostRows.accept(lost);
			logger.warn("awty: " + lost + " held row(s) of " + this.what + " were claimed again or changed after their"
					+ " lease ran out, or cancelled while a handler ran them; this instance does not publish them, and"
					+ " any it already published may be delivered twice");
		}
	}

}
