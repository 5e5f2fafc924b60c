package dev.awty.internal.jpa;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import jakarta.persistence.EntityManager;

import org.springframework.data.jpa.domain.Specification;
import org.springframework.data.repository.core.RepositoryMethodContext;
import org.springframework.data.repository.core.support.RepositoryMetadataAccess;
import org.springframework.util.Assert;

import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.audit.OperatorAction;
import dev.awty.internal.table.EventTable;
import dev.awty.jpa.ScheduledEvents;
import dev.awty.repository.ChangeResult;

/**
 * {@link ScheduledEvents} for the repository it is part of, registered for every repository that extends it
 * through {@code META-INF/spring.factories}. The domain type comes from the repository being called. Cancel, retry
 * and deliver-now are operator actions: each leaves an audit entry in its transaction, and a cancel of a type with a
 * handler takes claimed rows too and interrupts their running handler calls, as the JDBC selection does. Not final:
 * with class-based proxies (Spring Boot's default) the {@code @Transactional} methods of its interface make the
 * fragment bean itself a CGLIB proxy.
 */
class ScheduledEventsFragment<T extends ScheduledEntity> implements ScheduledEvents<T>, RepositoryMetadataAccess {

	private final EntityManager entityManager;

	private final JpaEventTypes types;

	ScheduledEventsFragment(EntityManager entityManager, JpaEventTypes types) {
		this.entityManager = entityManager;
		this.types = types;
	}

	@Override
	public ChangeResult rescheduleTo(Specification<T> specification, Instant dueAt) {
		Assert.notNull(specification, "specification must not be null");
		Assert.notNull(dueAt, "dueAt must not be null");
		EventTable<T> table = table();
		Instant slot = this.types.slot(table, dueAt);
		ChangeResult result = writes(table).change(specification, EventStatus.PENDING, (update, row, cb, now) -> {
			update.set(row.<Instant>get("dueAt"), slot);
			update.set(row.<Integer>get("version"), cb.sum(row.<Integer>get("version"), 1));
			update.set(row.<String>get("claimedBy"), cb.nullLiteral(String.class));
		});
		return signalled(table, result, slot);
	}

	@Override
	public ChangeResult deliverNow(Specification<T> specification) {
		Assert.notNull(specification, "specification must not be null");
		EventTable<T> table = table();
		ChangeResult result = writes(table).change(specification, EventStatus.PENDING, (update, row, cb, now) -> {
			update.set(row.<Instant>get("dueAt"), now);
			update.set(row.<String>get("claimedBy"), cb.nullLiteral(String.class));
		});
		return audited(OperatorAction.DELIVER_NOW, table, signalled(table, result, Instant.now()));
	}

	@Override
	public ChangeResult cancel(Specification<T> specification) {
		Assert.notNull(specification, "specification must not be null");
		EventTable<T> table = table();
		boolean handled = this.types.handled(table);
		// Where the history records cancellations, the cancel marks its rows (claimed_by means nothing on a cancelled
		// row) and each chunk's marked rows are copied to the history, in the cancel's transaction.
		String canceller = this.types.cancellerFor(table);
		SpecificationWrites.Changes<T> cancel = (update, row, cb, now) -> {
			update.set(row.<EventStatus>get("status"), EventStatus.CANCELLED);
			if (canceller != null) {
				update.set(row.<String>get("claimedBy"), canceller);
			}
			else {
				update.set(row.<String>get("claimedBy"), cb.nullLiteral(String.class));
			}
			if (handled) {
				update.set(row.<Instant>get("claimedUntil"), cb.nullLiteral(Instant.class));
			}
		};
		Consumer<List<Long>> recorded = (canceller != null)
				? (chunk) -> this.types.cancelledInHistory(table, canceller, chunk) : (chunk) -> {
				};
		if (!handled) {
			return audited(OperatorAction.CANCEL, table,
					writes(table).change(specification, EventStatus.PENDING, cancel, recorded));
		}
		// Taking the claim fences the handler's outcome write; the call itself is interrupted once this commits.
		List<Long> claimed = new ArrayList<>();
		ChangeResult result = writes(table).changeTakingClaimed(specification, cancel, claimed, recorded);
		this.types.cancelledOnCommit(table, claimed);
		return audited(OperatorAction.CANCEL, table, result);
	}

	@Override
	public ChangeResult retry(Specification<T> specification) {
		Assert.notNull(specification, "specification must not be null");
		EventTable<T> table = table();
		ChangeResult result = writes(table).change(specification, EventStatus.FAILED, (update, row, cb, now) -> {
			update.set(row.<EventStatus>get("status"), EventStatus.PENDING);
			update.set(row.<Instant>get("dueAt"), now);
			update.set(row.<Integer>get("attempts"), 0);
			update.set(row.<String>get("claimedBy"), cb.nullLiteral(String.class));
			update.set(row.<Instant>get("claimedUntil"), cb.nullLiteral(Instant.class));
		});
		return audited(OperatorAction.RETRY, table, signalled(table, result, Instant.now()));
	}

	/** In the write's transaction, naming the repository the specification came through. */
	private ChangeResult audited(OperatorAction action, EventTable<T> table, ChangeResult result) {
		String repository = RepositoryMethodContext.getContext().getMetadata().getRepositoryInterface().getName();
		this.types.audited(action, table, result.changed(), "JPA specification through " + repository);
		return result;
	}

	private ChangeResult signalled(EventTable<T> table, ChangeResult result, Instant dueAt) {
		if (result.changed() > 0) {
			this.types.rowsDue(table, dueAt);
		}
		return result;
	}

	private SpecificationWrites<T> writes(EventTable<T> table) {
		return new SpecificationWrites<>(this.entityManager, table.type().entityClass(), this.types.dialect());
	}

	@SuppressWarnings("unchecked")
	private EventTable<T> table() {
		Class<T> type = (Class<T>) RepositoryMethodContext.getContext().getMetadata().getDomainType();
		return this.types.require(type);
	}

}
