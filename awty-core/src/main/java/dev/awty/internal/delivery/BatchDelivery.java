package dev.awty.internal.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.internal.claim.ClaimLimiter;
import dev.awty.internal.claim.ClaimTokens;
import dev.awty.internal.claim.EventClaims;
import dev.awty.internal.outcome.HeldRowWrites;
import dev.awty.internal.outcome.OutcomeQueue;
import dev.awty.internal.pipeline.PollSource;
import dev.awty.internal.pipeline.kit.DeliveryCounters;
import dev.awty.internal.pipeline.kit.DueRelease;
import dev.awty.internal.pipeline.kit.LeaseHeartbeat;
import dev.awty.internal.table.EventTable;
import dev.awty.internal.tracing.RowTracing;
import dev.awty.spi.EventPublisher;

/**
 * The delivery cycle for one type, in two steps: claim due rows; then publish them (or, for a type with a
 * handler, let the handler decide) and hand what became of each row to the {@link OutcomeQueue}, every
 * {@code mark-every} rows, once known (a broker acknowledged; {@link PartDelivery}), which writes it while the worker
 * goes on publishing; a crash re-delivers at most twice {@code mark-every} rows per worker. The
 * {@link LeaseHeartbeat} keeps the batch's leases alive meanwhile, and drops rows this instance no longer holds.
 */
final class BatchDelivery<T extends ScheduledEntity> implements PollSource<ClaimedBatch<T>> {

	private final EventClaims<T> claims;

	private final HeldRowWrites writes;

	private final TypeSettings settings;

	private final PartPublisher<T> parts;

	private final PartDelivery<T> delivery;

	private final OutcomeQueue<T> writer;

	private final @Nullable HandlerStep<T> handlerStep;

	private final DeliveryCounters counters;

	private final ClaimTokens tokens;

	private final LeaseHeartbeat<Long> heartbeat;

	private final ClaimSizing sizing;

	private final RowTracing tracing;

	/** {@code null} for a type without limits. */
	private final @Nullable ClaimLimiter limiter;

	/**
	 * @param claims the type's claims, one row per key where its limits say so
	 * @param limiter the type's limits across instances; {@code null} for none
	 */
	BatchDelivery(EventTable<T> table, EventClaims<T> claims, @Nullable ClaimLimiter limiter, TypeSettings settings,
			EventPublisher publisher, String instanceId, OutcomeQueue<T> writer, @Nullable HandlerStep<T> handlerStep,
			DeliveryCounters counters, LeaseHeartbeat<Long> heartbeat) {
		this.claims = claims;
		this.limiter = limiter;
		this.tracing = table.tracing();
		this.writes = table.writes();
		this.settings = settings;
		this.parts = new PartPublisher<>(table.type().name(), table.type().channel(), publisher, this.tracing);
		this.tokens = new ClaimTokens(instanceId + "#");
		this.writer = writer;
		this.handlerStep = handlerStep;
		this.counters = counters;
		this.heartbeat = heartbeat;
		this.sizing = new ClaimSizing(settings.batchSize());
		this.delivery = new PartDelivery<>(table.type().name(), settings.markEvery(), this.parts, handlerStep, writer,
				this.sizing);
	}

	@Override
	public ClaimedBatch<T> claim() {
		String token = this.tokens.next();
		long started = System.nanoTime();
		IntFunction<EventClaims.Claimed<T>> claimUpTo = (limit) -> this.claims.claimDue(token, limit,
				this.settings.lease(), this.settings.byPriority(), this.settings.claimAhead());
		// Read once: workers move the sizing meanwhile, and a larger limit read afterwards made a full claim look
		// like the cycle's last one.
		int wanted = this.sizing.limit();
		ClaimLimiter.Limited<T> limited = this.tracing.claim(this.claims.type().name(), () -> (this.limiter != null)
				? this.limiter.claim(wanted, claimUpTo) : new ClaimLimiter.Limited<>(claimUpTo.apply(wanted), wanted));
		EventClaims.Claimed<T> claimed = limited.claimed();
		// Rows that could not be read took part of the limit: without them, the readable rows of a full claim
		// looked like fewer than were due, and the rows behind waited for the next poll.
		int limit = limited.permits() - claimed.unreadable().size();
		long returned = System.nanoTime();
		this.counters.claimed(claimed.rows().size(), returned - started);
		if (!claimed.unreadable().isEmpty()) {
			UnreadableRows.fail(this.writes, this.claims.type().name(), token, claimed.unreadable(), this.settings, this.counters);
		}
		LeaseHeartbeat<Long>.Held held = this.heartbeat.hold(token, ids(claimed.rows()), started);
		return new ClaimedBatch<>(token, claimed.rows(), limit, claimed.databaseNow(), returned, held);
	}

	@Override
	public void release(ClaimedBatch<T> batch) {
		batch.held().releaseAll();
		this.claims.release(batch.rows().stream().map(ScheduledEntity::getId).toList(), batch.token());
	}

	/**
	 * Parts of at least {@code mark-every} rows, the size at which outcomes are written anyway, so dividing a batch
	 * costs no extra statement per row; rows stay in due order within each part.
	 */
	@Override
	public List<ClaimedBatch<T>> split(ClaimedBatch<T> batch, int workers) {
		int parts = Math.min(workers, batch.size() / this.settings.markEvery());
		if (parts <= 1) {
			return List.of(batch);
		}
		List<List<T>> rows = new ArrayList<>(parts);
		for (int part = 0; part < parts; part++) {
			rows.add(batch.rows().subList(batch.size() * part / parts, batch.size() * (part + 1) / parts));
		}
		List<LeaseHeartbeat<Long>.Held> held = batch.held().split(rows.stream().map(BatchDelivery::ids).toList());
		List<ClaimedBatch<T>> split = new ArrayList<>(parts);
		for (int part = 0; part < parts; part++) {
			split.add(batch.part(rows.get(part), held.get(part)));
		}
		return split;
	}

	@Override
	public boolean claimsSkipLockedRows() {
		return this.claims.skipLockedRows();
	}

	/** A limited type's claims take turns on its limit row, and those of one row per key must. */
	@Override
	public boolean claimsConcurrently() {
		return this.claims.skipLockedRows() && this.limiter == null;
	}

	/**
	 * Until the earliest pending row is due by the database's clock (less the claim-ahead), or the poll interval if
	 * that is sooner: a row another instance scheduled sends this one no wake-up, except a PostgreSQL notification for
	 * a row due within a poll interval, so without this it would wait for the first poll after its due time.
	 */
	@Override
	public Duration idleDelay(Duration pollInterval) {
		Duration delay = this.claims.nextDue().sleep(this.settings.claimAhead(), pollInterval);
		return (this.limiter != null) ? this.limiter.shorten(delay) : delay;
	}

	@Override
	public void verify() {
		this.parts.verify();
	}

	@Override
	public void process(ClaimedBatch<T> batch) {
		LeaseHeartbeat<Long>.Held rows = batch.held();
		if (this.limiter != null) {
			this.limiter.processing(1);
		}
		List<CompletableFuture<?>> answered = new ArrayList<>();
		Set<Long> handedOver = ConcurrentHashMap.newKeySet();
		try {
			// Rows claimed ahead of their due time are published, or handed to the handler, once due.
			List<@Nullable Instant> dueTimes = batch.rows().stream().<@Nullable Instant>map(ScheduledEntity::getDueAt).toList();
			DueRelease.whenDue(batch.databaseNow(), batch.claimedAtNanos(), dueTimes, batch.rows(), (due) -> {
				this.delivery.deliver(batch, rows, due, answered, handedOver);
				return due;
			});
		}
		finally {
			try {
				// Rows a broker has yet to acknowledge stay held, their lease extended, until it answers. A part that
				// ended in an exception must not skip the release: its rows would be held, and their leases extended,
				// until the process ended.
				answered.forEach((part) -> part.handle((known, failure) -> null).join());
			}
			finally {
				// The rows handed to the writer are let go once written; the others now.
				rows.release(batch.rows().stream().map(ScheduledEntity::getId).filter((id) -> !handedOver.contains(id))
					.toList());
				if (this.limiter != null) {
					this.limiter.processing(-1);
				}
			}
		}
	}

	private static List<Long> ids(List<? extends ScheduledEntity> rows) {
		return rows.stream().map(ScheduledEntity::getId).toList();
	}

	@Override
	public void awaitWritten(long deadlineNanos) {
		this.writer.awaitWritten(deadlineNanos);
	}

	/** Stops what runs beside the pollers: the outcome writer's thread and the handler's threads. */
	@Override
	public void shutdown(long deadlineNanos) {
		this.writer.close(deadlineNanos);
		if (this.handlerStep != null) {
			this.handlerStep.shutdown();
		}
	}

}
