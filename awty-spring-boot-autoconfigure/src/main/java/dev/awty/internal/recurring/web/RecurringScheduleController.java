package dev.awty.internal.recurring.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.awty.AwtyException;
import dev.awty.recurring.DuplicateScheduleException;
import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleNotFoundException;

/**
 * JSON endpoints over {@link RecurringSchedules}. Errors are {@code {"status","field","error"}} objects: 400 for
 * invalid input naming the field, 404 for an unknown id, 409 for a duplicate id or a schedule busy publishing.
 */
@RestController
@RequestMapping("/awty/schedules")
public class RecurringScheduleController {

	private final RecurringSchedules schedules;

	public RecurringScheduleController(RecurringSchedules schedules) {
		this.schedules = schedules;
	}

	@PostMapping
	ResponseEntity<Map<String, @Nullable Object>> create(@RequestBody Map<String, Object> body) {
		return ResponseEntity.status(HttpStatus.CREATED)
			.body(ScheduleJson.toJson(this.schedules.create(ScheduleJson.definition(body, null))));
	}

	@PostMapping("/batch")
	ResponseEntity<Map<String, Object>> createAll(@RequestBody List<Map<String, Object>> body) {
		return ResponseEntity.status(HttpStatus.CREATED)
			.body(Map.of("created", this.schedules.createAll(ScheduleJson.definitions(body))));
	}

	@GetMapping
	List<Map<String, @Nullable Object>> list(@RequestParam(defaultValue = "") String prefix,
			@RequestParam(required = false) @Nullable String after, @RequestParam(defaultValue = "100") int limit) {
		if (limit < 1 || limit > 1000) {
			throw new InvalidScheduleException("limit", "'limit' must be between 1 and 1000, was " + limit);
		}
		return this.schedules.list(prefix, after, limit).stream().map(ScheduleJson::toJson).toList();
	}

	@GetMapping("/{id}")
	Map<String, @Nullable Object> get(@PathVariable String id) {
		return ScheduleJson.toJson(this.schedules.get(id).orElseThrow(() -> new ScheduleNotFoundException(id)));
	}

	@PutMapping("/{id}")
	Map<String, @Nullable Object> update(@PathVariable String id, @RequestBody Map<String, Object> body) {
		return ScheduleJson.toJson(this.schedules.update(ScheduleJson.definition(body, id)));
	}

	@PostMapping("/{id}/pause")
	Map<String, @Nullable Object> pause(@PathVariable String id) {
		return ScheduleJson.toJson(this.schedules.pause(id));
	}

	@PostMapping("/{id}/resume")
	Map<String, @Nullable Object> resume(@PathVariable String id) {
		return ScheduleJson.toJson(this.schedules.resume(id));
	}

	@DeleteMapping("/{id}")
	ResponseEntity<Void> delete(@PathVariable String id) {
		if (!this.schedules.delete(id)) {
			throw new ScheduleNotFoundException(id);
		}
		return ResponseEntity.noContent().build();
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> duplicate(DuplicateScheduleException ex) {
		return error(HttpStatus.CONFLICT, ex.field(), ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> invalid(InvalidScheduleException ex) {
		return error(HttpStatus.BAD_REQUEST, ex.field(), ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> notFound(ScheduleNotFoundException ex) {
		return error(HttpStatus.NOT_FOUND, "id", ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> busy(AwtyException ex) {
		return error(HttpStatus.CONFLICT, "id", ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> unreadable(HttpMessageNotReadableException ex) {
		return error(HttpStatus.BAD_REQUEST, "body", "The body must be JSON: an object with id and expression "
				+ "(a list of such objects for /batch)");
	}

	private static ResponseEntity<Map<String, Object>> error(HttpStatus status, String field, @Nullable String message) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("status", status.value());
		body.put("field", field);
		body.put("error", String.valueOf(message));
		return ResponseEntity.status(status).body(body);
	}

}
