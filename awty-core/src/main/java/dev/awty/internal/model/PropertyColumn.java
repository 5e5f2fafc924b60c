package dev.awty.internal.model;

import java.lang.reflect.Field;

import org.jspecify.annotations.Nullable;

/**
 * One field of an event class mapped to its column.
 *
 * @param referencedId for a JPA to-one association (a field holding a domain entity), the id field of that
 * entity, whose value the column holds; {@code null} for a plain field
 */
public record PropertyColumn(Field field, String column, @Nullable Field referencedId) {

	public PropertyColumn(Field field, String column) {
		this(field, column, null);
	}

	/** The Java type of the column's values. */
	public Class<?> javaType() {
		return (this.referencedId != null) ? this.referencedId.getType() : this.field.getType();
	}

	/** Whether the field holds a domain entity whose id is the column's value. */
	public boolean isReference() {
		return this.referencedId != null;
	}

}
