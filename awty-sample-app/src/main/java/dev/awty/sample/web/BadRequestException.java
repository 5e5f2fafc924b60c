package dev.awty.sample.web;

import org.springframework.http.HttpStatus;

/**
 * A request the shop refuses, with the field at fault and the status to answer.
 */
public class BadRequestException extends RuntimeException {

	private final String field;

	private final HttpStatus status;

	public BadRequestException(HttpStatus status, String field, String message) {
		super(message);
		this.status = status;
		this.field = field;
	}

	public static BadRequestException invalid(String field, String message) {
		return new BadRequestException(HttpStatus.BAD_REQUEST, field, message);
	}

	public static BadRequestException notFound(String field, String message) {
		return new BadRequestException(HttpStatus.NOT_FOUND, field, message);
	}

	public static void require(boolean condition, String field, String message) {
		if (!condition) {
			throw invalid(field, message);
		}
	}

	public String getField() {
		return this.field;
	}

	public HttpStatus getStatus() {
		return this.status;
	}

}
