package dev.awty.internal.jpa;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import jakarta.persistence.EntityManager;
import jakarta.persistence.criteria.CommonAbstractCriteria;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.CriteriaUpdate;
import jakarta.persistence.criteria.Expression;
import jakarta.persistence.criteria.Predicate;
import jakarta.persistence.criteria.Root;
import jakarta.persistence.criteria.Subquery;
import org.hibernate.engine.spi.EntityEntry;
import org.hibernate.engine.spi.SessionImplementor;
import org.hibernate.query.criteria.HibernateCriteriaBuilder;

import org.springframework.data.jpa.domain.Specification;

import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.repository.ChangeResult;

/**
 * The writes of {@link ScheduledEventsFragment} as JPA criteria: one {@code UPDATE … WHERE id IN (SELECT id
 * … WHERE status = … AND <specification>)} per write, the same shape as {@code JdbcSelection}'s, so that
 * PostgreSQL plans it from the pending index and the joins of the specification; then one count of the
 * selected rows left alone because they were in flight.
 */
final class SpecificationWrites<T extends ScheduledEntity> {

	/** Sets the columns a write changes. */
	@FunctionalInterface
	interface Changes<T> {

		void apply(CriteriaUpdate<T> update, Root<T> row, CriteriaBuilder cb, Expression<Instant> now);

	}

	private final EntityManager entityManager;

	private final Class<T> type;

	private final boolean utcNow;

	SpecificationWrites(EntityManager entityManager, Class<T> type, boolean utcNow) {
		this.entityManager = entityManager;
		this.type = type;
		this.utcNow = utcNow;
	}

	ChangeResult change(Specification<T> specification, EventStatus from, Changes<T> changes) {
		// The selection must see what the caller's persistence context still holds.
		this.entityManager.flush();
		CriteriaBuilder cb = this.entityManager.getCriteriaBuilder();
		CriteriaUpdate<T> update = cb.createCriteriaUpdate(this.type);
		Root<T> row = update.from(this.type);
		Expression<Instant> now = now(cb);
		changes.apply(update, row, cb, now);
		Predicate selected = row.get("id").in(selectedIds(update, cb, specification, from));
		Predicate status = cb.equal(row.get("status"), from);
		update.where((from == EventStatus.PENDING) ? cb.and(selected, status, claimFree(cb, row, now))
				: cb.and(selected, status));
		int changed = this.entityManager.createQuery(update).executeUpdate();
		long inFlight = (from == EventStatus.PENDING) ? countInFlight(cb, specification) : 0;
		refreshManagedRows();
		return new ChangeResult(changed, (int) inFlight);
	}

	private long countInFlight(CriteriaBuilder cb, Specification<T> specification) {
		CriteriaQuery<Long> count = cb.createQuery(Long.class);
		Root<T> row = count.from(this.type);
		count.select(cb.count(row)).where(row.get("id").in(selectedIds(count, cb, specification, EventStatus.PENDING)),
				cb.equal(row.get("status"), EventStatus.PENDING),
				cb.greaterThanOrEqualTo(row.<Instant>get("claimedUntil"), now(cb)));
		return this.entityManager.createQuery(count).getSingleResult();
	}

	private Subquery<Long> selectedIds(CommonAbstractCriteria owner, CriteriaBuilder cb, Specification<T> specification,
			EventStatus status) {
		Subquery<Long> ids = owner.subquery(Long.class);
		Root<T> row = ids.from(this.type);
		// A Specification is written for a query; this one is thrown away (a distinct or an order it sets is moot).
		CriteriaQuery<Object> query = cb.createQuery();
		Predicate predicate = specification.toPredicate(row, query, cb);
		Predicate byStatus = cb.equal(row.get("status"), status);
		ids.select(row.get("id")).where((predicate != null) ? cb.and(byStatus, predicate) : byStatus);
		return ids;
	}

	private Predicate claimFree(CriteriaBuilder cb, Root<T> row, Expression<Instant> now) {
		return cb.or(cb.isNull(row.get("claimedUntil")), cb.lessThan(row.<Instant>get("claimedUntil"), now));
	}

	Expression<Instant> now(CriteriaBuilder cb) {
		if (this.utcNow) {
			return cb.function("utc_timestamp", Instant.class);
		}
		return ((HibernateCriteriaBuilder) cb).currentInstant();
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
