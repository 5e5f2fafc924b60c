package dev.awty.internal.recurring;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.messaging.Message;

import dev.awty.internal.delivery.LeaseHeartbeat;
import dev.awty.internal.jdbc.ClaimTokens;
import dev.awty.internal.support.ErrorText;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.ScheduleExpression;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * One delivery step for claimed schedules: plan each schedule's due occurrences by its misfire policy, publish
 * them grouped by channel, and record per schedule either its next occurrence or the first occurrence that
 * failed, with a backoff. The {@link LeaseHeartbeat} keeps the claims alive meanwhile, and a schedule no longer
 * held when its occurrences are about to be published is left alone.
 */
final class RecurringDelivery {

	private static final Log logger = LogFactory.getLog(RecurringDelivery.class);

	private final ScheduleClaims claims;

	private final ScheduleStore store;

	private final RecurringSettings settings;

	private final EventPublisher publisher;

	private final ClaimTokens tokens;

	private final ParsedExpressions expressions = new ParsedExpressions();

	private final LeaseHeartbeat<String> heartbeat;

	private final Map<String, LeaseHeartbeat<String>.Held> held = new ConcurrentHashMap<>();

	RecurringDelivery(ScheduleClaims claims, ScheduleStore store, RecurringSettings settings, EventPublisher publisher,
			String instanceId, LeaseHeartbeat<String> heartbeat) {
		this.claims = claims;
		this.store = store;
		this.settings = settings;
		this.publisher = publisher;
		this.tokens = new ClaimTokens(instanceId + "#r");
		this.heartbeat = heartbeat;
	}

	ClaimedSchedules claim() {
		String token = this.tokens.next();
		long sent = System.nanoTime();
		List<ScheduleClaims.UnreadableSchedule> unreadable = new ArrayList<>();
		List<ScheduleRow> rows = this.claims.claimDue(token, this.settings.batchSize(), this.settings.lease(), unreadable);
		if (!unreadable.isEmpty()) {
			Instant now = this.store.databaseNow();
			this.claims.recordUnreadable(unreadable, token,
					(row) -> now.plusMillis(this.settings.backoff().delayMillis(row.attempts() + 1)));
			unreadable.forEach((row) -> logger.warn("awty: recurring schedule '" + row.id() + "' failed (attempt "
					+ (row.attempts() + 1) + "): " + row.error()));
		}
		if (!rows.isEmpty()) {
			this.held.put(token, this.heartbeat.hold(token, rows.stream().map(ScheduleRow::id).toList(), sent));
		}
		return new ClaimedSchedules(token, rows);
	}

	void release(ClaimedSchedules batch) {
		stopHolding(batch);
		this.claims.release(batch.rows().stream().map(ScheduleRow::id).toList(), batch.token());
	}

	boolean claimsSkipLockedRows() {
		return this.claims.skipLockedRows();
	}

	ScheduleClaims.NextDue nextDue() {
		return this.claims.nextDue();
	}

	/** @return how many occurrences were published */
	int process(ClaimedSchedules claimed) {
		LeaseHeartbeat<String>.Held rows = this.held.get(claimed.token());
		try {
			return (rows != null) ? publish(new ClaimedSchedules(claimed.token(), rows.stillHeld(claimed.rows(), ScheduleRow::id)))
					: 0;
		}
		finally {
			stopHolding(claimed);
		}
	}

	private void stopHolding(ClaimedSchedules batch) {
		LeaseHeartbeat<String>.Held rows = this.held.remove(batch.token());
		if (rows != null) {
			rows.releaseAll();
		}
	}

	private int publish(ClaimedSchedules batch) {
		Instant now = this.store.databaseNow();
		List<Planned> planned = new ArrayList<>(batch.rows().size());
		Map<String, List<Message<?>>> byChannel = new LinkedHashMap<>();
		for (ScheduleRow row : batch.rows()) {
			Planned plan = plan(row.schedule(), now);
			planned.add(plan);
			if (plan.plan() != null) {
				List<Message<?>> messages = byChannel.computeIfAbsent(channel(row.schedule()), (c) -> new ArrayList<>());
				plan.plan().occurrences().forEach((occurrence) -> messages.add(OccurrenceMessages.toMessage(row.schedule(), occurrence)));
			}
		}
		Map<String, List<PublishOutcome>> outcomesByChannel = new LinkedHashMap<>();
		byChannel.forEach((channel, messages) -> outcomesByChannel.put(channel, publish(channel, messages)));
		Map<String, Integer> positions = new LinkedHashMap<>();
		List<ScheduleClaims.Outcome> outcomes = new ArrayList<>(planned.size());
		int published = 0;
		for (Planned plan : planned) {
			RecurringSchedule schedule = plan.schedule();
			if (plan.plan() == null) {
				outcomes.add(failure(schedule, schedule.nextFireAt(), schedule.lastFiredAt(), String.valueOf(plan.error()), now));
				continue;
			}
			String channel = channel(schedule);
			List<PublishOutcome> channelOutcomes = outcomesByChannel.get(channel);
			int position = positions.getOrDefault(channel, 0);
			List<Instant> occurrences = plan.plan().occurrences();
			positions.put(channel, position + occurrences.size());
			int failedAt = -1;
			for (int i = 0; i < occurrences.size() && failedAt < 0; i++) {
				if (!channelOutcomes.get(position + i).succeeded()) {
					failedAt = i;
				}
			}
			Instant lastFired = schedule.lastFiredAt();
			if (failedAt < 0) {
				published += occurrences.size();
				lastFired = occurrences.isEmpty() ? lastFired : occurrences.get(occurrences.size() - 1);
				outcomes.add(new ScheduleClaims.Outcome(schedule.id(), schedule.version(), plan.plan().next(), lastFired,
						null, null));
			}
			else {
				published += failedAt;
				lastFired = (failedAt > 0) ? occurrences.get(failedAt - 1) : lastFired;
				outcomes.add(failure(schedule, occurrences.get(failedAt), lastFired,
						String.valueOf(channelOutcomes.get(position + failedAt).error()), now));
			}
		}
		// Recording clears the claims: the heartbeat must stop holding them first, or it counts them as lost.
		stopHolding(batch);
		int recorded = this.claims.record(outcomes, batch.token());
		if (recorded < outcomes.size()) {
			logger.info("awty: " + (outcomes.size() - recorded) + " recurring schedule(s) were changed, deleted or "
					+ "claimed again while their occurrences were published; their new state is kept");
		}
		return published;
	}

	private Planned plan(RecurringSchedule schedule, Instant now) {
		try {
			ScheduleExpression expression = this.expressions.parse(schedule.expression());
			Instant scheduled = schedule.nextFireAt();
			if (scheduled == null) {
				return new Planned(schedule, new FirePlan(List.of(), null), null);
			}
			return new Planned(schedule, FirePlan.of(expression, ZoneId.of(schedule.timeZone()), scheduled, now,
					schedule.misfirePolicy(), schedule.deadline(), this.settings.maxCatchUp()), null);
		}
		catch (RuntimeException ex) {
			// Only a row edited by hand gets here: keep it and say why, instead of failing the whole batch.
			return new Planned(schedule, null, "cannot compute occurrences: " + ErrorText.of(ex));
		}
	}

	private ScheduleClaims.Outcome failure(RecurringSchedule schedule, @Nullable Instant next,
			@Nullable Instant lastFired, String error, Instant now) {
		int attempt = schedule.attempts() + 1;
		Instant retryAt = now.plusMillis(this.settings.backoff().delayMillis(attempt));
		logger.warn("awty: recurring schedule '" + schedule.id() + "' failed to publish (attempt " + attempt
				+ ", retried at " + retryAt + "): " + error);
		return new ScheduleClaims.Outcome(schedule.id(), schedule.version(), next, lastFired, error, retryAt);
	}

	private String channel(RecurringSchedule schedule) {
		return (schedule.channel() != null) ? schedule.channel() : this.settings.channel();
	}

	private List<PublishOutcome> publish(String channel, List<Message<?>> messages) {
		try {
			List<PublishOutcome> outcomes = this.publisher.publish(channel, messages);
			if (outcomes.size() == messages.size()) {
				return outcomes;
			}
			return Collections.nCopies(messages.size(), PublishOutcome.failure(
					"publisher returned " + outcomes.size() + " outcomes for " + messages.size() + " messages"));
		}
		catch (Throwable ex) {
			// An Error too (a consumer's assertion, a class missing at run time): a failed attempt, retried.
			return Collections.nCopies(messages.size(), PublishOutcome.failure(ErrorText.of(ex)));
		}
	}

	private record Planned(RecurringSchedule schedule, @Nullable FirePlan plan, @Nullable String error) {
	}

}
