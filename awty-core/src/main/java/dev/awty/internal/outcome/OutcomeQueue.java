package dev.awty.internal.outcome;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import dev.awty.ScheduledEntity;
import dev.awty.internal.outcome.PartWriter.Part;
import dev.awty.internal.pipeline.kit.DeliveryCounters;

/**
 * Takes the outcomes of every worker of one type and writes them on threads of its own (as many as the type has
 * workers, so the database writes as many parts at once as before), so that a worker publishes its next part while
 * its previous one is written. Parts handed over while a write runs, or within the flush interval,
 * are written together by the {@link BatchWriter}: one transaction, one mark statement per claim, one history batch.
 * A write starts at once when {@code mark-every} rows wait, else when the oldest part has waited the flush interval.
 * <p>
 * Each worker may have at most twice {@code mark-every} rows published and not yet written (the part it publishes
 * and the parts it handed over): a worker that reaches it waits for the writer. That bounds what a crash re-delivers.
 * A part's rows stay held (their leases extended) until its write ends. A write that fails for good after
 * {@code WriteRetry}'s attempts leaves its rows to be claimed again once their lease runs out; its delivered rows are
 * counted as possible duplicates, and its workers end their batches at their next {@link #reserve}.
 */
public final class OutcomeQueue<T extends ScheduledEntity> {

	private static final Log logger = LogFactory.getLog(OutcomeQueue.class);

	/**
	 * How long a part waits for others to be written with it: a few statements a second per type at a trickle,
	 * while a part of {@code mark-every} rows is written at once.
	 */
	static final Duration FLUSH_INTERVAL = Duration.ofMillis(10);

	private final String typeName;

	private final PartWriter<T> writer;

	private final int markEvery;

	private final long flushNanos;

	/** Per worker thread: the rows it may still publish before its outcomes written so far catch up. */
	private final ThreadLocal<WorkerBudget> budgets;

	private final Object monitor = new Object();

	private final List<Part<T>> queued = new ArrayList<>();

	private int queuedRows;

	private long oldestNanos;

	/** How many writes run now. */
	private int writing;

	/** Asked to write what waits without waiting for the flush interval: a stop is waiting for it. */
	private int hurried;

	private final int writers;

	private int threads;

	private boolean closed;

	/** @param writers how many writes may run at once: the type's concurrency */
	OutcomeQueue(String typeName, BatchWriter<T> writer, DeliveryCounters counters, int markEvery,
			Duration flushInterval, int writers) {
		this.writers = Math.max(1, writers);
		this.typeName = typeName;
		this.writer = new PartWriter<>(typeName, writer, counters);
		this.markEvery = markEvery;
		this.flushNanos = flushInterval.toNanos();
		this.budgets = ThreadLocal.withInitial(() -> new WorkerBudget(2 * markEvery));
	}

	/**
	 * The outcome writer of a type whose parts wait {@link #FLUSH_INTERVAL} for others.
	 * @param writers how many writes may run at once: the type's concurrency
	 */
	public static <T extends ScheduledEntity> OutcomeQueue<T> of(String typeName, BatchWriter<T> writer,
			DeliveryCounters counters, int markEvery, int writers) {
		return new OutcomeQueue<>(typeName, writer, counters, markEvery, FLUSH_INTERVAL, writers);
	}

	/**
	 * Waits until the calling worker may publish {@code rows} more rows (at most {@code mark-every}) within its bound.
	 * @return the reservation to hand to {@link #write} with the rows' outcomes
	 * @throws WorkerBudget.OutcomesNotWritten when a write of this worker's outcomes failed since its last reservation
	 */
	public Reservation reserve(int rows) {
		return this.budgets.get().reserve(Math.min(rows, this.markEvery), this.typeName);
	}

	/**
	 * Hands the outcomes of a published part to the writer; returns at once.
	 * @param written run once the outcomes are written or given up, on the thread that wrote them
	 */
	public void write(String claimer, List<RowResult<T>> results, Reservation reservation, Runnable written) {
		Part<T> part = new Part<>(claimer, results, reservation.budget(), reservation.rows(), written);
		synchronized (this.monitor) {
			if (!this.closed) {
				startIfNeeded();
				if (this.queued.isEmpty()) {
					this.oldestNanos = System.nanoTime();
				}
				this.queued.add(part);
				this.queuedRows += results.size();
				this.monitor.notifyAll();
				return;
			}
		}
		// Stopped for good, nothing writes behind the caller any more. The caller may be a broker client's I/O thread,
		// whose other acknowledgements must not wait for the database: a thread of its own writes the part.
		Thread late = new Thread(() -> this.writer.write(List.of(part)), "awty-" + this.typeName + "-late-writer");
		late.setDaemon(true);
		try {
			late.start();
		}
		catch (RuntimeException | Error ex) {
			this.writer.write(List.of(part));
		}
	}

	/**
	 * Writes what waits without the flush interval and waits until it is written, or until {@code deadlineNanos}.
	 * @return whether everything handed over was written
	 */
	public boolean awaitWritten(long deadlineNanos) {
		synchronized (this.monitor) {
			this.hurried++;
			this.monitor.notifyAll();
			try {
				while ((this.writing > 0 || !this.queued.isEmpty()) && System.nanoTime() < deadlineNanos) {
					this.monitor.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				this.hurried--;
			}
			boolean written = this.writing == 0 && this.queued.isEmpty();
			if (!written) {
				logger.warn("awty: outcomes of " + this.queuedRows + " row(s) of type '" + this.typeName
						+ "' were still being written at shutdown; rows not marked are delivered again once their lease"
						+ " runs out");
			}
			return written;
		}
	}

	/**
	 * Writes what waits (until {@code deadlineNanos}; the writer's threads finish it afterwards), then ends the writer's
	 * threads; later outcomes are written by a thread each.
	 */
	public void close(long deadlineNanos) {
		awaitWritten(deadlineNanos);
		synchronized (this.monitor) {
			this.closed = true;
			this.monitor.notifyAll();
		}
	}

	/** Starts the missing writer threads; throws only when none runs, so that a part is never queued for nobody. */
	private void startIfNeeded() {
		while (this.threads < this.writers) {
			Thread writerThread = new Thread(this::run, "awty-" + this.typeName + "-writer-" + (this.threads + 1));
			writerThread.setDaemon(true);
			try {
				writerThread.start();
			}
			catch (RuntimeException | Error ex) {
				if (this.threads == 0) {
					throw ex;
				}
				return;
			}
			this.threads++;
		}
	}

	private void run() {
		while (true) {
			List<Part<T>> parts = next();
			if (parts == null) {
				return;
			}
			try {
				this.writer.write(parts);
			}
			finally {
				synchronized (this.monitor) {
					this.writing--;
					this.monitor.notifyAll();
				}
			}
		}
	}

	/**
	 * Waits for parts to write, until enough wait or the oldest has waited the flush interval; null once closed. The
	 * writer's threads are awty's own and end by {@link #close}: an interrupt from elsewhere is not a reason to stop,
	 * and leaving the wait for it (the flag set again each time) turned the loop into one empty write after another.
	 */
	private @Nullable List<Part<T>> next() {
		synchronized (this.monitor) {
			while (true) {
				if (this.queued.isEmpty()) {
					if (this.closed) {
						this.threads--;
						return null;
					}
					waitOn(0);
					continue;
				}
				long wait = this.oldestNanos + this.flushNanos - System.nanoTime();
				if (wait <= 0 || this.queuedRows >= this.markEvery || this.hurried > 0 || this.closed) {
					break;
				}
				waitOn(wait);
			}
			List<Part<T>> parts = new ArrayList<>(this.queued);
			this.queued.clear();
			this.queuedRows = 0;
			this.writing++;
			return parts;
		}
	}

	/** Waits on the monitor for {@code nanos} (0: until notified), staying in the wait through an interrupt. */
	private void waitOn(long nanos) {
		try {
			if (nanos > 0) {
				TimeUnit.NANOSECONDS.timedWait(this.monitor, nanos);
			}
			else {
				this.monitor.wait();
			}
		}
		catch (InterruptedException ex) {
			// cleared: see next()
		}
	}

}
