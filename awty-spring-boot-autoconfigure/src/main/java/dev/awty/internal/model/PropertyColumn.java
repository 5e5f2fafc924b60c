package dev.awty.internal.model;

import java.lang.reflect.Field;

/**
 * One field of an event class mapped to its column.
 */
public record PropertyColumn(Field field, String column) {

	public Class<?> javaType() {
		return this.field.getType();
	}

}
