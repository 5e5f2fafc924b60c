package dev.awty.internal.recurring.source;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.DueRelease;
import dev.awty.internal.pipeline.kit.SafePublish;
import dev.awty.internal.recurring.OccurrenceMessages;
import dev.awty.internal.recurring.ParsedExpressions;
import dev.awty.internal.recurring.RecurringSettings;
import dev.awty.internal.recurring.SkippedOccurrences;
import dev.awty.internal.support.ErrorText;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.ScheduleExpression;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * Fires claimed schedules: plans each one's due occurrences by its misfire policy, waits for those claimed ahead
 * until their time, publishes them grouped by channel, and says per schedule what to record: its next occurrence,
 * or the first occurrence that failed, with a backoff. Counts what it published like the rows of an event type, and
 * the occurrences its misfire policy dropped.
 */
final class OccurrenceFiring {

	private static final Log logger = LogFactory.getLog(RecurringDelivery.class);

	private final RecurringSettings settings;

	private final EventPublisher publisher;

	private final DeliveryCounters counters;

	private final ParsedExpressions expressions = new ParsedExpressions();

	OccurrenceFiring(RecurringSettings settings, EventPublisher publisher, DeliveryCounters counters) {
		this.settings = settings;
		this.publisher = publisher;
		this.counters = counters;
	}

	/**
	 * @param now the database's clock at the claim
	 * @param claimedAtNanos {@link System#nanoTime()} once the claim returned
	 * @param stillHeld the schedules among those given that this instance still holds, asked right before they are
	 * published, after the wait for their time: one whose lease ran out meanwhile (this instance stalled) and that was
	 * claimed again is left to that claim, unpublished
	 * @return what was done of each schedule still held, in the order of {@code schedules}
	 */
	List<FiredSchedule> fire(List<RecurringSchedule> schedules, Instant now, long claimedAtNanos,
			UnaryOperator<List<RecurringSchedule>> stillHeld) {
		List<Planned> planned = schedules.stream().map((schedule) -> plan(schedule, now)).toList();
		List<@Nullable Instant> dueTimes = planned.stream().<@Nullable Instant>map(Planned::firstOccurrence).toList();
		List<@Nullable FiredSchedule> fired = DueRelease.whenDue(now, claimedAtNanos, dueTimes, planned,
				(group) -> publishHeld(group, now, stillHeld));
		return fired.stream().filter(Objects::nonNull).toList();
	}

	/** Publishes the schedules of {@code group} still held; {@code null} in place of each one no longer held. */
	private List<@Nullable FiredSchedule> publishHeld(List<Planned> group, Instant now,
			UnaryOperator<List<RecurringSchedule>> stillHeld) {
		Set<String> held = stillHeld.apply(group.stream().map(Planned::schedule).toList())
			.stream()
			.map(RecurringSchedule::id)
			.collect(Collectors.toSet());
		if (held.size() == group.size()) {
			return publish(group, now);
		}
		List<Planned> publishing = group.stream().filter((plan) -> held.contains(plan.schedule().id())).toList();
		Iterator<FiredSchedule> fired = publish(publishing, now).iterator();
		return group.stream().map((plan) -> held.contains(plan.schedule().id()) ? fired.next() : null).toList();
	}

	private List<FiredSchedule> publish(List<Planned> planned, Instant now) {
		List<SafePublish.Addressed> messages = new ArrayList<>();
		for (Planned plan : planned) {
			String channel = (plan.schedule().channel() != null) ? plan.schedule().channel() : this.settings.channel();
			plan.occurrences().forEach((occurrence) -> messages
				.add(new SafePublish.Addressed(channel, OccurrenceMessages.toMessage(plan.schedule(), occurrence))));
		}
		long started = System.nanoTime();
		List<PublishOutcome> sent = SafePublish.publishEach(this.publisher, messages);
		long millis = Duration.ofNanos(System.nanoTime() - started).toMillis();
		Instant publishedAt = Instant.now();
		List<FiredSchedule> fired = new ArrayList<>(planned.size());
		int position = 0;
		for (Planned plan : planned) {
			int occurrences = plan.occurrences().size();
			List<PublishOutcome> ofPlan = sent.subList(position, position + occurrences);
			ScheduleOutcomes.Outcome outcome = outcomeOf(plan, ofPlan, now);
			int published = publishedCount(ofPlan);
			SkippedOccurrences skipped = skipped(plan, published == occurrences);
			count(plan, published, outcome, publishedAt);
			this.counters.skipped(skipped.count());
			fired.add(new FiredSchedule(plan.schedule(), outcome, plan.occurrences().subList(0, published),
					(published < occurrences) ? plan.occurrences().get(published) : null, millis, skipped));
			position += occurrences;
		}
		return fired;
	}

	/**
	 * The dropped occurrences that the recorded outcome leaves behind for good: those before the first published
	 * always (the next occurrence recorded is at least that one), those after the last only once all were published;
	 * otherwise the failed occurrence is planned again at its retry, and they with it.
	 */
	private static SkippedOccurrences skipped(Planned planned, boolean allPublished) {
		FirePlan plan = planned.plan();
		if (plan == null) {
			return SkippedOccurrences.NONE;
		}
		return allPublished ? plan.skippedBefore().and(plan.skippedAfter()) : plan.skippedBefore();
	}

	/** How many occurrences were published before the first that failed: the ones recorded as fired. */
	private static int publishedCount(List<PublishOutcome> sent) {
		int published = 0;
		while (published < sent.size() && sent.get(published).succeeded()) {
			published++;
		}
		return published;
	}

	/**
	 * What to record of one schedule: its next occurrence when every occurrence was published, else the first one that
	 * failed (tried again after a backoff) and the last one published.
	 */
	private ScheduleOutcomes.Outcome outcomeOf(Planned plan, List<PublishOutcome> sent, Instant now) {
		RecurringSchedule schedule = plan.schedule();
		FirePlan firePlan = plan.plan();
		if (firePlan == null) {
			return failure(schedule, schedule.nextFireAt(), schedule.lastFiredAt(), String.valueOf(plan.error()), now);
		}
		List<Instant> occurrences = firePlan.occurrences();
		int failedAt = publishedCount(sent);
		Instant lastFired = (failedAt > 0) ? occurrences.get(failedAt - 1) : schedule.lastFiredAt();
		if (failedAt == occurrences.size()) {
			return new ScheduleOutcomes.Outcome(schedule.id(), schedule.version(), firePlan.next(), lastFired, null, null);
		}
		return failure(schedule, occurrences.get(failedAt), lastFired, String.valueOf(sent.get(failedAt).error()), now);
	}

	/** Counts the occurrences of one schedule published (with their lag behind the occurrence) and its failure. */
	private void count(Planned plan, int published, ScheduleOutcomes.Outcome outcome, Instant publishedAt) {
		plan.occurrences().subList(0, published).forEach((occurrence) -> this.counters.published(occurrence, publishedAt));
		this.counters.delivered(published);
		if (outcome.error() != null) {
			this.counters.failedAttempts(1);
			this.counters.failedAttempt(true);
		}
	}

	/**
	 * Plans a schedule at the claim's "now", or at its next occurrence if it was claimed ahead of it: so exactly that
	 * occurrence is published, at its time.
	 */
	private Planned plan(RecurringSchedule schedule, Instant now) {
		try {
			ScheduleExpression expression = this.expressions.parse(schedule.expression());
			Instant scheduled = schedule.nextFireAt();
			if (scheduled == null) {
				return new Planned(schedule, FirePlan.COMPLETE, null);
			}
			Instant planAt = scheduled.isAfter(now) ? scheduled : now;
			return new Planned(schedule, FirePlan.of(expression, ZoneId.of(schedule.timeZone()), scheduled, planAt,
					schedule.misfirePolicy(), schedule.deadline(), this.settings.maxCatchUp()), null);
		}
		catch (RuntimeException ex) {
			// Only a row edited by hand gets here: keep it and say why, instead of failing the whole batch.
			return new Planned(schedule, null, "cannot compute occurrences: " + ErrorText.of(ex));
		}
	}

	private ScheduleOutcomes.Outcome failure(RecurringSchedule schedule, @Nullable Instant next,
			@Nullable Instant lastFired, String error, Instant now) {
		int attempt = schedule.attempts() + 1;
		Instant retryAt = now.plusMillis(this.settings.backoff().delayMillis(attempt));
		logger.warn("awty: recurring schedule '" + schedule.id() + "' failed to publish (attempt " + attempt
				+ ", retried at " + retryAt + "): " + error);
		return new ScheduleOutcomes.Outcome(schedule.id(), schedule.version(), next, lastFired, error, retryAt);
	}

	private record Planned(RecurringSchedule schedule, @Nullable FirePlan plan, @Nullable String error) {

		List<Instant> occurrences() {
			return (this.plan != null) ? this.plan.occurrences() : List.of();
		}

		@Nullable Instant firstOccurrence() {
			return occurrences().isEmpty() ? null : occurrences().get(0);
		}

	}

}
