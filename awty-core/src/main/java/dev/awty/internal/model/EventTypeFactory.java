package dev.awty.internal.model;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import dev.awty.AwtyConfigurationException;
import dev.awty.ScheduledEntity;
import dev.awty.ScheduledEvent;
import dev.awty.recurring.RecurringHeaders;
import dev.awty.spi.SqlDialect;

/**
 * Turns a {@code @ScheduledEvent} class into an {@link EventType}, rejecting classes awty cannot map.
 */
public final class EventTypeFactory {

	private static final String TABLE_PREFIX = "scheduled_";

	private static final boolean JPA_PRESENT = ClassUtils.isPresent("jakarta.persistence.Entity",
			EventTypeFactory.class.getClassLoader());

	private final SqlDialect dialect;

	public EventTypeFactory(SqlDialect dialect) {
		this.dialect = dialect;
	}

	public EventType<?> create(Class<?> candidate) {
		ScheduledEvent annotation = candidate.getAnnotation(ScheduledEvent.class);
		if (annotation == null) {
			throw new AwtyConfigurationException(candidate.getName() + " is not annotated with @ScheduledEvent",
					"Annotate it with @ScheduledEvent(table = ..., channel = ...).");
		}
		if (!ScheduledEntity.class.isAssignableFrom(candidate) || Modifier.isAbstract(candidate.getModifiers())) {
			throw new AwtyConfigurationException(
					"@ScheduledEvent class " + candidate.getName() + " does not extend dev.awty.ScheduledEntity",
					"Make it a concrete class that extends dev.awty.ScheduledEntity, which maps the base columns.");
		}
		return create(candidate.asSubclass(ScheduledEntity.class), annotation);
	}

	private <T extends ScheduledEntity> EventType<T> create(Class<T> entityClass, ScheduledEvent annotation) {
		String table = Identifiers.requireValid(annotation.table(), "table name in @ScheduledEvent of " + entityClass.getName());
		if (annotation.channel().isBlank()) {
			throw new AwtyConfigurationException("@ScheduledEvent of " + entityClass.getName() + " names no channel",
					"Set channel = \"...\" to the Spring Integration channel its rows are published to.");
		}
		String name = annotation.name().isBlank() ? defaultName(table) : annotation.name();
		Identifiers.requireValid(name.replace('-', '_'), "event type name of " + entityClass.getName());
		rejectReservedName(entityClass, name, annotation.name().isBlank());
		boolean jpaEntity = JPA_PRESENT && JpaMappings.isEntity(entityClass);
		if (jpaEntity) {
			JpaMappings.checkClass(entityClass, table);
		}
		List<PropertyColumn> ownColumns = ownColumns(entityClass, jpaEntity);
		EntityMapper<T> mapper = new EntityMapper<>(constructor(entityClass), ownColumns, this.dialect);
		return new EventType<>(name, table, annotation.channel(), entityClass, ownColumns, mapper);
	}

	/**
	 * The recurring schedules run as a source named {@code awty_recurring}: a type of that name would share its meters,
	 * health figures, wake-ups and history entries.
	 */
	private static void rejectReservedName(Class<?> entityClass, String name, boolean fromTable) {
		if (name.replace('-', '_').equalsIgnoreCase(RecurringHeaders.TYPE_VALUE)) {
			String why = fromTable ? " (the name defaults to the table name without 'scheduled_')" : "";
			throw new AwtyConfigurationException("@ScheduledEvent class " + entityClass.getName()
					+ " is named '" + name + "'" + why + ", which is reserved for awty's recurring schedules",
					"Give " + entityClass.getSimpleName() + " another name with @ScheduledEvent(name = \"...\"): its"
							+ " metrics, health and history are kept under that name.");
		}
	}

	private static String defaultName(String table) {
		String unqualified = table.substring(table.lastIndexOf('.') + 1).toLowerCase();
		return unqualified.startsWith(TABLE_PREFIX) ? unqualified.substring(TABLE_PREFIX.length()) : unqualified;
	}

	private static List<PropertyColumn> ownColumns(Class<?> entityClass, boolean jpaEntity) {
		List<PropertyColumn> columns = new ArrayList<>();
		for (Class<?> type = entityClass; type != ScheduledEntity.class; type = type.getSuperclass()) {
			for (Field field : type.getDeclaredFields()) {
				int modifiers = field.getModifiers();
				if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers) || field.isSynthetic()) {
					continue;
				}
				ReflectionUtils.makeAccessible(field);
				if (jpaEntity) {
					PropertyColumn mapped = JpaMappings.column(entityClass, field);
					if (mapped != null) {
						columns.add(mapped);
					}
					continue;
				}
				String column = Identifiers.requireValid(Identifiers.snakeCase(field.getName()),
						"column name for field " + entityClass.getName() + "." + field.getName());
				columns.add(new PropertyColumn(field, column));
			}
		}
		return List.copyOf(columns);
	}

	private static <T> Constructor<T> constructor(Class<T> entityClass) {
		try {
			Constructor<T> constructor = entityClass.getDeclaredConstructor();
			ReflectionUtils.makeAccessible(constructor);
			return constructor;
		}
		catch (NoSuchMethodException ex) {
			throw new AwtyConfigurationException(entityClass.getName() + " has no no-argument constructor",
					"Add one (it may be private or protected): awty uses it to read rows back.");
		}
	}

}
