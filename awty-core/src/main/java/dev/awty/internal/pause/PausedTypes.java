package dev.awty.internal.pause;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.TypePauses;
import dev.awty.internal.audit.AuditLog;
import dev.awty.internal.pipeline.PauseCheck;
import dev.awty.internal.support.ErrorText;
import dev.awty.spi.SqlDialect;

/**
 * {@link TypePauses} on {@code awty_type_pause}, and the copy of it in memory that the poll loops ask: one statement
 * reads every type's pause, at most as often as the most demanding loop asks, so a busy loop costs no statement per
 * claim. A pause or resume on this instance takes effect here at once.
 */
public final class PausedTypes implements TypePauses, PauseCheck {

	private static final Log logger = LogFactory.getLog(PausedTypes.class);

	private final PauseStore store;

	private final Set<String> types;

	private final AuditLog audit;

	private final Object refresh = new Object();

	private volatile Set<String> paused = Set.of();

	private volatile long readAtNanos;

	private volatile boolean read;

	private boolean failing;

	/** @param types the names of the event types that can be paused */
	public PausedTypes(DataSource dataSource, SqlDialect dialect, Set<String> types) {
		this(dataSource, dialect, types, AuditLog.NONE);
	}

	/**
	 * @param types the names of the event types that can be paused
	 * @param audit records every pause and resume, with who asked for it
	 */
	public PausedTypes(DataSource dataSource, SqlDialect dialect, Set<String> types, AuditLog audit) {
		this.store = new PauseStore(dataSource, dialect, audit);
		this.types = new TreeSet<>(types);
		this.audit = audit;
	}

	@Override
	public boolean pause(String type) {
		boolean changed = this.store.insert(requireType(type));
		readNow();
		logChange(type, "paused", changed);
		return changed;
	}

	@Override
	public boolean resume(String type) {
		boolean changed = this.store.delete(requireType(type));
		readNow();
		logChange(type, "resumed", changed);
		return changed;
	}

	/** One line per call, however it came (API, actuator, dashboard), naming the operator as the audit does. */
	private void logChange(String type, String done, boolean changed) {
		logger.info("awty: " + this.audit.operatorName() + " " + done + " event type '" + type + "' on every instance"
				+ (changed ? "" : " (it was " + done + " already)"));
	}

	@Override
	public Map<String, Instant> paused() {
		return this.store.read();
	}

	@Override
	public boolean isPaused(String name, Duration maxAge) {
		if (!this.types.contains(name)) {
			// The recurring schedules are paused one by one, not here.
			return false;
		}
		if (!this.read || System.nanoTime() - this.readAtNanos > maxAge.toNanos()) {
			synchronized (this.refresh) {
				// Another loop may have read it while this one waited.
				if (!this.read || System.nanoTime() - this.readAtNanos > maxAge.toNanos()) {
					readKeepingLastOnFailure();
				}
			}
		}
		return this.paused.contains(name);
	}

	/** The paused types as last read: no statement. */
	public Set<String> current() {
		return this.paused;
	}

	private void readNow() {
		synchronized (this.refresh) {
			readKeepingLastOnFailure();
		}
	}

	/**
	 * A failed read keeps the last state until the next is due: the claims that follow fail alike on a database that
	 * is down, and the loops' error pause deals with them.
	 */
	private void readKeepingLastOnFailure() {
		try {
			this.paused = Set.copyOf(this.store.read().keySet());
			if (this.failing) {
				logger.info("awty: the paused types can be read again from " + PauseStore.TABLE);
				this.failing = false;
			}
		}
		catch (RuntimeException ex) {
			if (!this.failing) {
				logger.warn("awty: could not read the paused types from " + PauseStore.TABLE + " (" + ErrorText.of(ex)
						+ "); the last state read holds until a read succeeds");
				this.failing = true;
			}
		}
		this.readAtNanos = System.nanoTime();
		this.read = true;
	}

	private String requireType(String type) {
		if (type == null || !this.types.contains(type)) {
			throw new IllegalArgumentException("'" + type + "' is not an event type; pass one of " + this.types
					+ ", the names used in awty.types.<name>");
		}
		return type;
	}

}
