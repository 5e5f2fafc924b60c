package dev.awty.internal.jpa;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Root;

import org.springframework.integration.support.MessageBuilder;
import org.springframework.messaging.Message;
import org.springframework.orm.jpa.EntityManagerHolder;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import dev.awty.ScheduledEntity;
import dev.awty.spi.EventPublisher;
import dev.awty.spi.PublishOutcome;

/**
 * Publishes the rows of JPA-mapped event types as JPA loaded them, inside an entity manager that stays open
 * while the batch is published (as Spring's open-entity-manager-in-view does for a web request): a consumer
 * on awty's delivery thread (a {@code DirectChannel}, a {@code @ServiceActivator}) reads lazy associations
 * without a {@code LazyInitializationException}, and its own {@code @Transactional} methods join that entity
 * manager. Rows of other types pass through unchanged.
 */
public final class JpaPayloads implements EventPublisher {

	private final EventPublisher delegate;

	private final Supplier<List<EntityManagerFactory>> factories;

	private final Map<Class<?>, Optional<EntityManagerFactory>> factoryByType = new ConcurrentHashMap<>();

	public JpaPayloads(EventPublisher delegate, Supplier<List<EntityManagerFactory>> factories) {
		this.delegate = delegate;
		this.factories = factories;
	}

	@Override
	public List<PublishOutcome> publish(String channel, List<Message<?>> messages) {
		return withEntityManager(channel, messages, this.delegate::publish);
	}

	/** The entity manager stays open while the messages are sent, not while a broker acknowledges them. */
	@Override
	public CompletableFuture<List<PublishOutcome>> publishAsync(String channel, List<Message<?>> messages) {
		return withEntityManager(channel, messages, this.delegate::publishAsync);
	}

	private <R> R withEntityManager(String channel, List<Message<?>> messages,
			BiFunction<String, List<Message<?>>, R> publish) {
		if (messages.isEmpty() || !(messages.get(0).getPayload() instanceof ScheduledEntity first)) {
			return publish.apply(channel, messages);
		}
		Optional<EntityManagerFactory> factory = this.factoryByType.computeIfAbsent(first.getClass(), this::factoryOf);
		if (factory.isEmpty() || TransactionSynchronizationManager.hasResource(factory.get())) {
			return publish.apply(channel, messages);
		}
		EntityManagerFactory entityManagerFactory = factory.get();
		EntityManager entityManager = entityManagerFactory.createEntityManager();
		TransactionSynchronizationManager.bindResource(entityManagerFactory, new EntityManagerHolder(entityManager));
		try {
			return publish.apply(channel, loaded(entityManager, first.getClass(), messages));
		}
		finally {
			TransactionSynchronizationManager.unbindResource(entityManagerFactory);
			entityManager.close();
		}
	}

	/** The messages with the rows JPA loaded, in one query; a row gone since its claim keeps awty's copy. */
	private <T> List<Message<?>> loaded(EntityManager entityManager, Class<T> type, List<Message<?>> messages) {
		List<Long> ids = messages.stream().map((message) -> ((ScheduledEntity) message.getPayload()).getId()).toList();
		CriteriaBuilder cb = entityManager.getCriteriaBuilder();
		CriteriaQuery<T> query = cb.createQuery(type);
		Root<T> row = query.from(type);
		query.select(row).where(row.get("id").in(ids));
		Map<Long, T> byId = entityManager.createQuery(query).getResultList().stream()
			.collect(Collectors.toMap((loaded) -> ((ScheduledEntity) loaded).getId(), Function.identity()));
		List<Message<?>> result = new ArrayList<>(messages.size());
		for (Message<?> message : messages) {
			T entity = byId.get(((ScheduledEntity) message.getPayload()).getId());
			result.add((entity != null) ? MessageBuilder.withPayload(entity).copyHeaders(message.getHeaders()).build()
					: message);
		}
		return result;
	}

	private Optional<EntityManagerFactory> factoryOf(Class<?> type) {
		for (EntityManagerFactory factory : this.factories.get()) {
			boolean managed = factory.getMetamodel().getEntities().stream().anyMatch((entity) -> entity.getJavaType() == type);
			if (managed) {
				return Optional.of(factory);
			}
		}
		return Optional.empty();
	}

	@Override
	public void verifyChannel(String channel, String typeName) {
		this.delegate.verifyChannel(channel, typeName);
	}

}
