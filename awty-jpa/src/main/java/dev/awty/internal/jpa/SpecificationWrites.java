package dev.awty.internal.jpa;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.TypedQuery;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.CriteriaUpdate;
import jakarta.persistence.criteria.Expression;
import jakarta.persistence.criteria.Predicate;
import jakarta.persistence.criteria.Root;
import org.hibernate.Session;
import org.hibernate.engine.spi.EntityEntry;
import org.hibernate.engine.spi.SessionImplementor;
import org.hibernate.query.criteria.HibernateCriteriaBuilder;
import org.jspecify.annotations.Nullable;

import org.springframework.data.jpa.domain.Specification;

import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.repository.ChangeResult;
import dev.awty.spi.SqlDialect;

/**
 * The writes of {@link ScheduledEventsFragment} as JPA criteria. The ids the specification selects (in the status the
 * write starts from) are read first, then written by primary key in chunks, each write checking the status (and, from
 * PENDING, that no lease holds the row) again; then the chunk's rows left alone because they were in flight are
 * counted. A write that {@linkplain #changeTakingClaimed takes claimed rows too} reports which of them were claimed
 * instead.
 */
final class SpecificationWrites<T extends ScheduledEntity> {

	// Ids per UPDATE: few enough bind values for every driver, many enough that a large write takes few statements.
	static final int CHUNK = 1_000;

	/** Sets the columns a write changes. */
	@FunctionalInterface
	interface Changes<T> {

		void apply(CriteriaUpdate<T> update, Root<T> row, CriteriaBuilder cb, Expression<Instant> now);

	}

	private final EntityManager entityManager;

	private final Class<T> type;

	private final SqlDialect dialect;

	SpecificationWrites(EntityManager entityManager, Class<T> type, SqlDialect dialect) {
		this.entityManager = entityManager;
		this.type = type;
		this.dialect = dialect;
	}

	// The ids are read into memory, not written as "id IN (sub-select)": PostgreSQL plans that shape on tables without
	// statistics (a bulk load not yet analyzed) as a nested loop semi join that runs the specification's join once per
	// row of the table (195 s for 2,000 rows, see the JDBC Selection), and criteria cannot write the dialect's
	// "= ANY (ARRAY(…))". A list of ids is found through the primary key on every database.
	ChangeResult change(Specification<T> specification, EventStatus from, Changes<T> changes) {
		return change(specification, from, changes, (chunk) -> {
		});
	}

	/** As {@link #change(Specification, EventStatus, Changes)}, passing each chunk's ids on once it is written. */
	ChangeResult change(Specification<T> specification, EventStatus from, Changes<T> changes,
			Consumer<List<Long>> written) {
		return write(specification, from, changes, null, written);
	}

	/**
	 * Changes the selected PENDING rows whether or not they are claimed (a cancel of rows whose handler may be
	 * running), adding to {@code claimed} the ids of those that were, and passing each chunk's ids on once it is
	 * written.
	 */
	ChangeResult changeTakingClaimed(Specification<T> specification, Changes<T> changes, List<Long> claimed,
			Consumer<List<Long>> written) {
		return write(specification, EventStatus.PENDING, changes, claimed, written);
	}

	private ChangeResult write(Specification<T> specification, EventStatus from, Changes<T> changes,
			@Nullable List<Long> claimed, Consumer<List<Long>> written) {
		// The selection must see what the caller's persistence context still holds.
		this.entityManager.flush();
		CriteriaBuilder cb = this.entityManager.getCriteriaBuilder();
		List<Long> ids = selectedIds(cb, specification, from);
		Expression<Instant> now = now(cb);
		boolean leftInFlight = from == EventStatus.PENDING && claimed == null;
		int changed = 0;
		long inFlight = 0;
		for (int start = 0; start < ids.size(); start += CHUNK) {
			List<Long> chunk = ids.subList(start, Math.min(ids.size(), start + CHUNK));
			if (claimed != null) {
				claimed.addAll(claimedIn(cb, chunk, now));
			}
			changed += update(cb, chunk, from, changes, now, leftInFlight);
			written.accept(chunk);
			if (leftInFlight) {
				inFlight += countInFlight(cb, chunk, now);
			}
		}
		refreshManagedRows();
		return new ChangeResult(changed, (int) inFlight);
	}

	private int update(CriteriaBuilder cb, List<Long> chunk, EventStatus from, Changes<T> changes,
			Expression<Instant> now, boolean leftInFlight) {
		CriteriaUpdate<T> update = cb.createCriteriaUpdate(this.type);
		Root<T> row = update.from(this.type);
		changes.apply(update, row, cb, now);
		Predicate selected = cb.and(row.get("id").in(chunk), cb.equal(row.get("status"), from));
		update.where(leftInFlight ? cb.and(selected, claimFree(cb, row, now)) : selected);
		return this.entityManager.createQuery(update).executeUpdate();
	}

	private long countInFlight(CriteriaBuilder cb, List<Long> chunk, Expression<Instant> now) {
		return claimedIn(cb, chunk, now).size();
	}

	/**
	 * The ids of {@code chunk} still PENDING and held by a lease, as last committed: where the caller's transaction
	 * would read its first snapshot (MySQL), by a shared lock
	 * (see {@link dev.awty.spi.DialectSelections#latestCommittedRead()}).
	 */
	private List<Long> claimedIn(CriteriaBuilder cb, List<Long> chunk, Expression<Instant> now) {
		CriteriaQuery<Long> claimed = cb.createQuery(Long.class);
		Root<T> row = claimed.from(this.type);
		claimed.select(row.get("id")).where(inFlight(cb, row, chunk, now));
		TypedQuery<Long> query = this.entityManager.createQuery(claimed);
		if (!this.dialect.selections().latestCommittedRead().isEmpty()) {
			query.setLockMode(LockModeType.PESSIMISTIC_READ);
		}
		return query.getResultList();
	}

	private Predicate inFlight(CriteriaBuilder cb, Root<T> row, List<Long> chunk, Expression<Instant> now) {
		return cb.and(row.get("id").in(chunk), cb.equal(row.get("status"), EventStatus.PENDING),
				cb.greaterThanOrEqualTo(row.<Instant>get("claimedUntil"), now));
	}

	private List<Long> selectedIds(CriteriaBuilder cb, Specification<T> specification, EventStatus status) {
		CriteriaQuery<Long> ids = cb.createQuery(Long.class);
		Root<T> row = ids.from(this.type);
		Predicate predicate = specification.toPredicate(row, ids, cb);
		Predicate byStatus = cb.equal(row.get("status"), status);
		// A distinct or an order the specification set on the query is moot for a list of ids, and an order is not free.
		ids.orderBy(List.of());
		ids.select(row.get("id")).where((predicate != null) ? cb.and(byStatus, predicate) : byStatus);
		return new ArrayList<>(new LinkedHashSet<>(this.entityManager.createQuery(ids).getResultList()));
	}

	private Predicate claimFree(CriteriaBuilder cb, Root<T> row, Expression<Instant> now) {
		return cb.or(cb.isNull(row.get("claimedUntil")), cb.lessThan(row.<Instant>get("claimedUntil"), now));
	}

	/**
	 * The database's "now" as an expression of the statement, moved by the offset of the application's dialect: the
	 * test kit's ShiftedNowDialect moves it with the test clock as it moves every "now" of awty's own statements, so a
	 * lease expired in shifted time is free here too. Without a moved clock the offset is 0 and "now" is the plain
	 * expression. (An Instant read in Java and bound instead was off by the JVM's zone on one database or another.)
	 */
	Expression<Instant> now(CriteriaBuilder cb) {
		// MySQL and MariaDB keep awty's timestamps as UTC DATETIMEs: their "now" is UTC_TIMESTAMP, not the session's.
		Expression<Instant> clock = this.dialect.databaseClock().equals("CURRENT_TIMESTAMP")
				? ((HibernateCriteriaBuilder) cb).currentInstant() : cb.function("utc_timestamp", Instant.class);
		long offsetMillis = clockOffsetMillis();
		return (offsetMillis == 0) ? clock
				: ((HibernateCriteriaBuilder) cb).addDuration(clock, Duration.ofMillis(offsetMillis));
	}

	private long clockOffsetMillis() {
		String sql = "SELECT " + this.dialect.withDatabaseNow("CURRENT_TIMESTAMP") + " AS shifted_at, "
				+ this.dialect.databaseClock() + " AS clock_at";
		Long offset = this.entityManager.unwrap(Session.class).doReturningWork((connection) -> {
			try (PreparedStatement statement = connection.prepareStatement(sql);
					ResultSet rs = statement.executeQuery()) {
				rs.next();
				Instant shifted = Objects.requireNonNull(this.dialect.readTimestamp(rs, "shifted_at"), sql);
				Instant clock = Objects.requireNonNull(this.dialect.readTimestamp(rs, "clock_at"), sql);
				return Duration.between(clock, shifted).toMillis();
			}
		});
		return offset;
	}

	/**
	 * The bulk write went around the persistence context: instances of the type it holds are read again, so
	 * that neither they nor a later {@code findById} show the state before the write.
	 */
	private void refreshManagedRows() {
		SessionImplementor session = this.entityManager.unwrap(SessionImplementor.class);
		Map.Entry<Object, EntityEntry>[] entries = session.getPersistenceContextInternal().reentrantSafeEntityEntries();
		List<Object> rows = Arrays.stream(entries).map(Map.Entry::getKey).filter(this.type::isInstance).toList();
		rows.forEach(this.entityManager::refresh);
	}

}
