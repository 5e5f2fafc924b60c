package dev.awty.internal.recurring.source;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.internal.claim.ClaimTokens;
import dev.awty.internal.pipeline.PollSource;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.recurring.RecurringSettings;
import dev.awty.internal.recurring.ScheduleRow;
import dev.awty.internal.recurring.ScheduleStore;
import dev.awty.recurring.RecurringSchedule;

/**
 * The recurring schedules as a source of the delivery pipeline: claims due schedules (and those due within the
 * claim-ahead), has the {@link OccurrenceFiring} publish their occurrences, and records per schedule either its next
 * occurrence or the first occurrence that failed, with a backoff, and the history entries of its occurrences in the
 * same transaction. The {@link LeaseHeartbeat} keeps the claims alive
 * meanwhile, and a schedule no longer held when its occurrences are about to be published is left alone.
 */
final class RecurringDelivery implements PollSource<ClaimedSchedules> {

	private static final Log logger = LogFactory.getLog(RecurringDelivery.class);

	private final ScheduleClaims claims;

	private final ScheduleStore store;

	private final RecurringSettings settings;

	private final ClaimTokens tokens;

	private final LeaseHeartbeat<String> heartbeat;

	private final DeliveryCounters counters;

	private final OccurrenceFiring firing;

	private final ScheduleOutcomes outcomes;

	RecurringDelivery(ScheduleClaims claims, ScheduleOutcomes outcomes, ScheduleStore store, RecurringSettings settings,
			OccurrenceFiring firing, String instanceId, LeaseHeartbeat<String> heartbeat, DeliveryCounters counters) {
		this.counters = counters;
		this.outcomes = outcomes;
		this.claims = claims;
		this.store = store;
		this.settings = settings;
		this.firing = firing;
		this.tokens = new ClaimTokens(instanceId + "#r");
		this.heartbeat = heartbeat;
	}

	@Override
	public ClaimedSchedules claim() {
		String token = this.tokens.next();
		long sent = System.nanoTime();
		ScheduleClaims.Claimed claimed = this.claims.claimDue(token, this.settings.loop().batchSize(),
				this.settings.loop().lease(), this.settings.loop().claimAhead());
		long returned = System.nanoTime();
		List<ScheduleRow> rows = claimed.rows();
		List<ScheduleOutcomes.UnreadableSchedule> unreadable = claimed.unreadable();
		this.counters.claimed(rows.size() + unreadable.size(), returned - sent);
		if (!unreadable.isEmpty()) {
			failUnreadable(token, unreadable);
		}
		LeaseHeartbeat<String>.Held held = this.heartbeat.hold(token, rows.stream().map(ScheduleRow::id).toList(), sent);
		// Schedules that could not be read took part of the batch: a full claim holding one is not the cycle's last.
		return new ClaimedSchedules(token, rows, this.settings.loop().batchSize() - unreadable.size(),
				claimed.databaseNow(), returned, held);
	}

	/** Counts an attempt of each schedule that could not be read, and keeps it unclaimable for its backoff. */
	private void failUnreadable(String token, List<ScheduleOutcomes.UnreadableSchedule> unreadable) {
		this.counters.failedAttempts(unreadable.size());
		unreadable.forEach((row) -> this.counters.failedAttempt(true));
		Instant now = this.store.databaseNow();
		this.outcomes.recordUnreadable(unreadable, token,
				(row) -> now.plusMillis(this.settings.backoff().delayMillis(row.attempts() + 1)));
		unreadable.forEach((row) -> logger.warn("awty: recurring schedule '" + row.id() + "' failed (attempt "
				+ (row.attempts() + 1) + "): " + row.error()));
	}

	@Override
	public void release(ClaimedSchedules batch) {
		batch.held().releaseAll();
		this.claims.release(batch.rows().stream().map(ScheduleRow::id).toList(), batch.token());
	}

	@Override
	public boolean claimsSkipLockedRows() {
		return this.claims.skipLockedRows();
	}

	/** Until the next schedule is due by the database's clock, or the poll interval if that is sooner. */
	@Override
	public Duration idleDelay(Duration pollInterval) {
		// Woken that much earlier, the loop claims the schedule ahead of its occurrence.
		return this.claims.nextDue().sleep(this.settings.loop().claimAhead(), pollInterval);
	}

	@Override
	public void process(ClaimedSchedules claimed) {
		try {
			if (!claimed.rows().isEmpty()) {
				publish(claimed);
			}
		}
		finally {
			claimed.held().releaseAll();
		}
	}

	private void publish(ClaimedSchedules claimed) {
		List<ScheduleRow> rows = claimed.rows();
		Instant now = (claimed.databaseNow() != null) ? claimed.databaseNow() : this.store.databaseNow();
		long firing = System.nanoTime();
		// Whether each schedule is still held is asked right before it is published, after the wait for its time (a
		// claim-ahead and any stall of this instance): asked before the wait, a schedule whose lease ran out during it
		// was published here and by the claim that took it over.
		List<FiredSchedule> fired = this.firing.fire(rows.stream().map(ScheduleRow::schedule).toList(), now,
				claimed.claimedAtNanos(), (due) -> claimed.held().stillHeld(due, RecurringSchedule::id));
		// Recording clears the claims: the heartbeat must stop holding them first, or it counts them as lost.
		claimed.held().releaseAll();
		if (fired.isEmpty()) {
			return;
		}
		long recording = System.nanoTime();
		int recorded = this.outcomes.record(fired, claimed.token());
		if (logger.isDebugEnabled()) {
			logger.debug(BatchTimes.describe(rows, now, claimed.claimedAtNanos(), firing, recording));
		}
		if (recorded < fired.size()) {
			logger.info("awty: " + (fired.size() - recorded) + " recurring schedule(s) were changed, deleted or "
					+ "claimed again while their occurrences were published; their new state is kept");
		}
	}

}
