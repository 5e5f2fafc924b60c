package dev.awty.recurring;

import dev.awty.AwtyException;

/**
 * Thrown when a schedule definition is rejected; nothing was stored. {@link #field()} names the offending field
 * as in JSON ({@code id}, {@code expression}, {@code timeZone}, {@code payload}, {@code channel},
 * {@code misfirePolicy}, {@code deadline}).
 */
public class InvalidScheduleException extends AwtyException {

	private final String field;

	public InvalidScheduleException(String field, String message) {
		super(message);
		this.field = field;
	}

	/** The field whose value was rejected. */
	public String field() {
		return this.field;
	}

}
