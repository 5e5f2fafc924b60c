package dev.awty.internal.model;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import dev.awty.AwtyException;
import dev.awty.EventStatus;
import dev.awty.ScheduledEntity;
import dev.awty.spi.SqlDialect;

/**
 * Reads rows into event objects and event objects into insert parameters. The base fields of
 * {@link ScheduledEntity} are private and read-only to applications, so they are set by reflection.
 */
public final class EntityMapper<T extends ScheduledEntity> {

	/** The optional column that keeps the trace context of the code that scheduled a row. */
	public static final String TRACE_PARENT = "trace_parent";

	private static final Map<String, Field> BASE_FIELDS = new LinkedHashMap<>();

	static {
		for (Field field : ScheduledEntity.class.getDeclaredFields()) {
			ReflectionUtils.makeAccessible(field);
			BASE_FIELDS.put(Identifiers.snakeCase(field.getName()), field);
		}
	}

	private final Constructor<T> constructor;

	private final List<PropertyColumn> ownColumns;

	private final SqlDialect dialect;

	EntityMapper(Constructor<T> constructor, List<PropertyColumn> ownColumns, SqlDialect dialect) {
		this.constructor = constructor;
		this.ownColumns = ownColumns;
		this.dialect = dialect;
	}

	public T read(ResultSet rs) throws SQLException {
		T entity = newInstance();
		set(entity, "id", rs.getLong("id"));
		set(entity, "due_at", this.dialect.readTimestamp(rs, "due_at"));
		set(entity, "status", EventStatus.valueOf(rs.getString("status").trim()));
		set(entity, "attempts", rs.getInt("attempts"));
		set(entity, "claimed_by", rs.getString("claimed_by"));
		set(entity, "claimed_until", this.dialect.readTimestamp(rs, "claimed_until"));
		set(entity, "delivered_at", this.dialect.readTimestamp(rs, "delivered_at"));
		set(entity, "last_error", rs.getString("last_error"));
		set(entity, "version", rs.getInt("version"));
		set(entity, "created_at", this.dialect.readTimestamp(rs, "created_at"));
		for (PropertyColumn property : this.ownColumns) {
			if (property.isReference()) {
				// A domain entity cannot be made from its id here; JPA payloads are loaded by JPA instead.
				continue;
			}
			Object value = (property.javaType() == Instant.class) ? this.dialect.readTimestamp(rs, property.column())
					: rs.getObject(property.column(), ClassUtils.resolvePrimitiveIfNecessary(property.javaType()));
			ReflectionUtils.setField(property.field(), entity, value);
		}
		return entity;
	}

	/** Copies what the insert decided into the caller's object, so it reflects the stored row. */
	public void inserted(T entity, long id, Instant dueAt) {
		set(entity, "id", id);
		set(entity, "due_at", dueAt);
		set(entity, "version", 1);
	}

	/** The values of the class's own columns, keyed by column name, ready to bind. */
	public Map<String, @Nullable Object> ownValues(T entity) {
		Map<String, @Nullable Object> values = new LinkedHashMap<>();
		for (PropertyColumn property : this.ownColumns) {
			Object value = ReflectionUtils.getField(property.field(), entity);
			if (value != null && property.referencedId() != null) {
				value = referencedId(value, property.referencedId());
			}
			if (value instanceof Instant instant) {
				value = this.dialect.timestampParameter(instant);
			}
			else if (value instanceof Enum<?> constant) {
				value = constant.name();
			}
			values.put(property.column(), value);
		}
		return values;
	}

	/** The value of one of the class's own columns in {@code entity}: a referenced entity's id for a reference. */
	public @Nullable Object columnValue(T entity, PropertyColumn property) {
		Object value = ReflectionUtils.getField(property.field(), entity);
		return (value != null && property.referencedId() != null) ? referencedId(value, property.referencedId()) : value;
	}

	/** The id of a referenced entity; through its getter first, which a lazy proxy answers without loading. */
	private static @Nullable Object referencedId(Object referenced, Field idField) {
		String getter = "get" + Character.toUpperCase(idField.getName().charAt(0)) + idField.getName().substring(1);
		java.lang.reflect.Method method = ReflectionUtils.findMethod(referenced.getClass(), getter);
		if (method != null && method.getParameterCount() == 0) {
			return ReflectionUtils.invokeMethod(method, referenced);
		}
		return ReflectionUtils.getField(idField, referenced);
	}

	private T newInstance() {
		try {
			return this.constructor.newInstance();
		}
		catch (ReflectiveOperationException ex) {
			throw new AwtyException("Could not create " + this.constructor.getDeclaringClass().getName()
					+ " with its no-argument constructor", ex);
		}
	}

	/** The trace context read with {@code entity}'s row, or {@code null}. */
	public static @Nullable String traceParent(ScheduledEntity entity) {
		return (String) ReflectionUtils.getField(BASE_FIELDS.get(TRACE_PARENT), entity);
	}

	/** Reads the row's trace context from {@code rs} into {@code entity}. */
	public static void readTraceParent(ScheduledEntity entity, ResultSet rs) throws SQLException {
		set(entity, TRACE_PARENT, rs.getString(TRACE_PARENT));
	}

	private static void set(Object entity, String column, @Nullable Object value) {
		ReflectionUtils.setField(BASE_FIELDS.get(column), entity, value);
	}

}
