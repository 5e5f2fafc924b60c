package dev.awty.internal.jpa;

import jakarta.persistence.EntityManager;

import org.springframework.orm.jpa.EntityManagerHolder;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import dev.awty.internal.support.PendingWrites;

/**
 * Flushes every JPA entity manager bound to the current transaction, so that awty's JDBC statement on the
 * same connection sees the rows {@code save} has only queued (an identity or a sequence id alike). Under
 * {@code REQUIRES_NEW} the outer transaction's entity manager is suspended and unbound, so only the inner
 * one is flushed, as its statement runs on the inner connection.
 */
public final class TransactionEntityManagers implements PendingWrites {

	@Override
	public void flush() {
		if (!TransactionSynchronizationManager.isActualTransactionActive()
				|| TransactionSynchronizationManager.isCurrentTransactionReadOnly()) {
			return;
		}
		for (Object resource : TransactionSynchronizationManager.getResourceMap().values()) {
			if (resource instanceof EntityManagerHolder holder && holder.getEntityManager() != null) {
				EntityManager entityManager = holder.getEntityManager();
				// An entity manager bound without a transaction of its own (open-in-view) has nothing to flush into.
				if (entityManager.isOpen() && entityManager.isJoinedToTransaction()) {
					entityManager.flush();
				}
			}
		}
	}

}
