package dev.awty.internal.model;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowMapper;
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

	/** The base columns {@link #read(ResultSet, Columns)} reads, in its order. */
	private static final List<String> BASE_COLUMNS = List.of("id", "due_at", "status", "attempts", "claimed_by",
			"claimed_until", "delivered_at", "last_error", "version", "created_at");

	private static final BaseField ID = new BaseField("id");

	private static final BaseField DUE_AT = new BaseField("due_at");

	private static final BaseField STATUS = new BaseField("status");

	private static final BaseField ATTEMPTS = new BaseField("attempts");

	private static final BaseField CLAIMED_BY = new BaseField("claimed_by");

	private static final BaseField CLAIMED_UNTIL = new BaseField("claimed_until");

	private static final BaseField DELIVERED_AT = new BaseField("delivered_at");

	private static final BaseField LAST_ERROR = new BaseField("last_error");

	private static final BaseField VERSION = new BaseField("version");

	private static final BaseField CREATED_AT = new BaseField("created_at");

	private static final BaseField TRACE_PARENT_FIELD = new BaseField(TRACE_PARENT);

	private final Constructor<T> constructor;

	private final List<PropertyColumn> ownColumns;

	private final SqlDialect dialect;

	EntityMapper(Constructor<T> constructor, List<PropertyColumn> ownColumns, SqlDialect dialect) {
		this.constructor = constructor;
		this.ownColumns = ownColumns;
		this.dialect = dialect;
	}

	/** A row mapper for one query's rows, which finds the columns in its first row. */
	public RowMapper<T> rows() {
		return new RowMapper<>() {

			private @Nullable Columns columns;

			@Override
			public T mapRow(ResultSet rs, int row) throws SQLException {
				if (row == 0 || this.columns == null) {
					this.columns = columns(rs, false);
				}
				return read(rs, this.columns);
			}

		};
	}

	/**
	 * Where this mapper's columns are in {@code rs}, found once for all its rows: a look-up by name for each column of
	 * each row was a tenth of a delivery worker's time.
	 * @param withTraceParent whether to find the {@value #TRACE_PARENT} column too
	 */
	public Columns columns(ResultSet rs, boolean withTraceParent) throws SQLException {
		int[] own = new int[this.ownColumns.size()];
		for (int i = 0; i < own.length; i++) {
			PropertyColumn property = this.ownColumns.get(i);
			// a domain entity cannot be made from its id here; JPA payloads are loaded by JPA instead
			own[i] = property.isReference() ? 0 : rs.findColumn(property.column());
		}
		int[] base = new int[BASE_COLUMNS.size()];
		for (int i = 0; i < base.length; i++) {
			base[i] = rs.findColumn(BASE_COLUMNS.get(i));
		}
		return new Columns(base, own, withTraceParent ? rs.findColumn(TRACE_PARENT) : 0);
	}

	/** Reads the current row of {@code rs}, whose columns are where {@code columns} found them. */
	public T read(ResultSet rs, Columns columns) throws SQLException {
		T entity = newInstance();
		int[] at = columns.base();
		ID.set(entity, rs.getLong(at[0]));
		DUE_AT.set(entity, this.dialect.readTimestamp(rs, at[1]));
		STATUS.set(entity, EventStatus.valueOf(rs.getString(at[2]).trim()));
		ATTEMPTS.set(entity, rs.getInt(at[3]));
		CLAIMED_BY.set(entity, rs.getString(at[4]));
		CLAIMED_UNTIL.set(entity, this.dialect.readTimestamp(rs, at[5]));
		DELIVERED_AT.set(entity, this.dialect.readTimestamp(rs, at[6]));
		LAST_ERROR.set(entity, rs.getString(at[7]));
		VERSION.set(entity, rs.getInt(at[8]));
		CREATED_AT.set(entity, this.dialect.readTimestamp(rs, at[9]));
		for (int i = 0; i < columns.own().length; i++) {
			int column = columns.own()[i];
			if (column == 0) {
				continue;
			}
			PropertyColumn property = this.ownColumns.get(i);
			Object value = (property.javaType() == Instant.class) ? this.dialect.readTimestamp(rs, column)
					: rs.getObject(column, ClassUtils.resolvePrimitiveIfNecessary(property.javaType()));
			ReflectionUtils.setField(property.field(), entity, value);
		}
		if (columns.traceParent() != 0) {
			TRACE_PARENT_FIELD.set(entity, rs.getString(columns.traceParent()));
		}
		return entity;
	}

	/**
	 * The positions (from 1) of a mapper's columns in one result set.
	 * @param base those of the base columns, in the order {@link EntityMapper#read(ResultSet, Columns)} reads them
	 * @param own those of the class's own columns, in its order; 0 for a reference, which is not read
	 * @param traceParent that of {@value #TRACE_PARENT}; 0 when not read
	 */
	public record Columns(int[] base, int[] own, int traceParent) {
	}

	/** Copies what the insert decided into the caller's object, so it reflects the stored row. */
	public void inserted(T entity, long id, Instant dueAt) {
		ID.set(entity, id);
		DUE_AT.set(entity, dueAt);
		VERSION.set(entity, 1);
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
		return (String) ReflectionUtils.getField(TRACE_PARENT_FIELD.field(), entity);
	}

	/** One private field of {@link ScheduledEntity}, found once by its column's name. */
	private record BaseField(Field field) {

		BaseField(String column) {
			this(Objects.requireNonNull(BASE_FIELDS.get(column), column));
		}

		void set(Object entity, @Nullable Object value) {
			ReflectionUtils.setField(this.field, entity, value);
		}

	}

}
