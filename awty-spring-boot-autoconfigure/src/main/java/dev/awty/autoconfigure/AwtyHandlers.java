package dev.awty.autoconfigure;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.ResolvableType;

import dev.awty.AwtyConfigurationException;
import dev.awty.handler.EventHandler;
import dev.awty.internal.model.EventType;
import dev.awty.internal.table.EventTable;

/**
 * The {@link EventHandler} beans, matched to event types by their type argument: at most one per type, and
 * none that handles no known type.
 */
final class AwtyHandlers {

	/** A handler bean and its name. */
	record Handler(String beanName, EventHandler<?> handler) {
	}

	private final Map<String, Handler> byType = new HashMap<>();

	AwtyHandlers(ListableBeanFactory beanFactory, List<EventTable<?>> tables) {
		Set<String> unmatched = new LinkedHashSet<>(List.of(beanFactory.getBeanNamesForType(EventHandler.class)));
		for (EventTable<?> table : tables) {
			EventType<?> type = table.type();
			String[] names = beanFactory
				.getBeanNamesForType(ResolvableType.forClassWithGenerics(EventHandler.class, type.entityClass()));
			if (names.length > 1) {
				throw new AwtyConfigurationException("Event type '" + type.name() + "' has " + names.length
						+ " handlers: beans '" + String.join("' and '", names) + "'",
						"Keep one EventHandler<" + type.entityClass().getSimpleName() + "> bean and remove the others, "
								+ "or give them different event types.");
			}
			if (names.length == 1) {
				this.byType.put(type.name(), new Handler(names[0], beanFactory.getBean(names[0], EventHandler.class)));
				unmatched.remove(names[0]);
			}
		}
		if (!unmatched.isEmpty()) {
			String name = unmatched.iterator().next();
			throw new AwtyConfigurationException("Handler bean '" + name + "' handles no awty event type",
					"Declare it as EventHandler<X> where X is one of the @ScheduledEvent classes "
							+ tables.stream().map((table) -> table.type().entityClass().getSimpleName()).toList()
							+ " (a lambda bean needs the type argument in its @Bean method's return type).");
		}
	}

	@Nullable Handler forType(String typeName) {
		return this.byType.get(typeName);
	}

}
