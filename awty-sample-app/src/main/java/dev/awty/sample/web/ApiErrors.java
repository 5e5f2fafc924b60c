package dev.awty.sample.web;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;

/**
 * Turns every bad request into a JSON error naming the field, never a 500 with a stack trace.
 */
@RestControllerAdvice
class ApiErrors {

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> badRequest(BadRequestException ex) {
		return error(ex.getStatus(), ex.getField(), ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> unreadable(HttpMessageNotReadableException ex) {
		if (ex.getCause() instanceof DatabindException databind && !databind.getPath().isEmpty()) {
			String field = databind.getPath().get(databind.getPath().size() - 1).getPropertyName();
			return error(HttpStatus.BAD_REQUEST, field, "'" + field + "' has a value of the wrong type or format");
		}
		if (ex.getCause() instanceof JacksonException) {
			return error(HttpStatus.BAD_REQUEST, "body", "the body is not valid JSON");
		}
		return error(HttpStatus.BAD_REQUEST, "body", "a JSON body is required");
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> typeMismatch(MethodArgumentTypeMismatchException ex) {
		return error(HttpStatus.BAD_REQUEST, ex.getName(), "'" + ex.getName() + "' must be a number");
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> missingParameter(MissingServletRequestParameterException ex) {
		return error(HttpStatus.BAD_REQUEST, ex.getParameterName(), "'" + ex.getParameterName() + "' is required");
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> mediaType(HttpMediaTypeNotSupportedException ex) {
		return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Type", "send the body as application/json");
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> method(HttpRequestMethodNotSupportedException ex) {
		return error(HttpStatus.METHOD_NOT_ALLOWED, "method", ex.getMethod() + " is not supported here");
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> noResource(NoResourceFoundException ex) {
		return error(HttpStatus.NOT_FOUND, "path", "no such endpoint: /" + ex.getResourcePath());
	}

	private static ResponseEntity<Map<String, Object>> error(HttpStatus status, String field, String message) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("status", status.value());
		body.put("field", field);
		body.put("error", message);
		return ResponseEntity.status(status).body(body);
	}

}
