package dev.awty.internal.jpa;

import java.util.List;

import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.event.service.spi.EventListenerRegistry;
import org.hibernate.event.spi.EventType;
import org.hibernate.event.spi.PostInsertEvent;
import org.hibernate.event.spi.PostInsertEventListener;
import org.hibernate.persister.entity.EntityPersister;

import dev.awty.ScheduledEntity;
import dev.awty.internal.table.EventTable;

/**
 * Wakes the pollers for rows that Hibernate inserted (a repository's {@code save} of a JPA-mapped event
 * type) as {@link dev.awty.EventScheduler} does for its own: after the transaction commits, and other
 * instances too when the row is due soon.
 */
public final class JpaInsertWakeUps implements PostInsertEventListener {

	private final JpaEventTypes types;

	public JpaInsertWakeUps(JpaEventTypes types) {
		this.types = types;
	}

	/** Listens to the inserts of each Hibernate entity manager factory. */
	public void register(List<EntityManagerFactory> factories) {
		for (EntityManagerFactory factory : factories) {
			SessionFactoryImplementor sessionFactory = factory.unwrap(SessionFactoryImplementor.class);
			sessionFactory.getServiceRegistry().requireService(EventListenerRegistry.class)
				.appendListeners(EventType.POST_INSERT, this);
		}
	}

	@Override
	public void onPostInsert(PostInsertEvent event) {
		if (event.getEntity() instanceof ScheduledEntity row && row.getDueAt() != null) {
			EventTable<?> table = this.types.find(row.getClass());
			if (table != null) {
				this.types.rowsDue(table, row.getDueAt());
			}
		}
	}

	@Override
	public boolean requiresPostCommitHandling(EntityPersister persister) {
		return false;
	}

}
