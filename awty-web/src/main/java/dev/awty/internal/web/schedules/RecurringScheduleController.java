package dev.awty.internal.web.schedules;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.awty.AwtyException;
import dev.awty.internal.web.DashboardAccess;
import dev.awty.recurring.DuplicateScheduleException;
import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleNotFoundException;

/**
 * JSON endpoints over {@link RecurringSchedules}. Every request must pass the {@link DashboardAccess} check (403
 * otherwise), and every state change except DELETE must be sent as {@code application/json} (415 otherwise), which
 * a cross-site form cannot do. Errors are {@code {"status","field","error"}} objects: 400 for invalid input naming
 * the field, 404 for an unknown id, 409 for a duplicate id or a schedule busy publishing.
 */
@RestController
@RequestMapping("/awty/schedules")
public class RecurringScheduleController {

	private final RecurringSchedules schedules;

	private final ScheduleRequestGuard guard;

	private final int maxBatchSize;

	public RecurringScheduleController(RecurringSchedules schedules, DashboardAccess access, int maxBatchSize) {
		this.schedules = schedules;
		this.guard = new ScheduleRequestGuard(access);
		this.maxBatchSize = maxBatchSize;
	}

	/**
	 * Runs before any argument of a handler is resolved, so that a caller without access is refused before its body is
	 * read (a request body is read whole, with no size limit for JSON, before it is parsed). Each handler checks again.
	 */
	@ModelAttribute
	void refuseEarly(HttpServletRequest request) {
		// A DELETE, which no cross-site form can send, needs no JSON; the methods that carry a body do.
		if (HttpMethod.GET.matches(request.getMethod()) || HttpMethod.DELETE.matches(request.getMethod())) {
			this.guard.requireAccess(request);
		}
		else {
			this.guard.requireChange(request);
		}
	}

	@PostMapping
	ResponseEntity<Map<String, @Nullable Object>> create(HttpServletRequest request,
			@RequestBody Map<String, Object> body) {
		this.guard.requireChange(request);
		return ResponseEntity.status(HttpStatus.CREATED)
			.body(ScheduleJson.toJson(this.schedules.create(ScheduleJson.definition(body, null))));
	}

	@PostMapping("/batch")
	ResponseEntity<Map<String, Object>> createAll(HttpServletRequest request,
			@RequestBody List<Map<String, Object>> body) {
		this.guard.requireChange(request);
		if (body.size() > this.maxBatchSize) {
			throw new InvalidScheduleException("body", "A batch may hold at most " + this.maxBatchSize
					+ " schedules, this one holds " + body.size() + " (awty.recurring.web.max-batch-size)");
		}
		return ResponseEntity.status(HttpStatus.CREATED)
			.body(Map.of("created", this.schedules.createAll(ScheduleJson.definitions(body))));
	}

	@GetMapping
	List<Map<String, @Nullable Object>> list(HttpServletRequest request, @RequestParam(defaultValue = "") String prefix,
			@RequestParam(required = false) @Nullable String after, @RequestParam(defaultValue = "100") int limit) {
		this.guard.requireAccess(request);
		if (limit < 1 || limit > 1000) {
			throw new InvalidScheduleException("limit", "'limit' must be between 1 and 1000, was " + limit);
		}
		return this.schedules.list(prefix, after, limit).stream().map(ScheduleJson::toJson).toList();
	}

	@GetMapping("/{id}")
	Map<String, @Nullable Object> get(HttpServletRequest request, @PathVariable String id) {
		this.guard.requireAccess(request);
		return ScheduleJson.toJson(this.schedules.get(id).orElseThrow(() -> new ScheduleNotFoundException(id)));
	}

	@GetMapping("/{id}/versions")
	List<Map<String, @Nullable Object>> versions(HttpServletRequest request, @PathVariable String id) {
		this.guard.requireAccess(request);
		return this.schedules.versions(id).stream().map(ScheduleJson::toJson).toList();
	}

	@PostMapping("/{id}/fire-now")
	Map<String, Object> fireNow(HttpServletRequest request, @PathVariable String id) {
		this.guard.requireChange(request);
		return Map.of("id", id, "eventId", this.schedules.fireNow(id));
	}

	@GetMapping("/{id}/next")
	Map<String, Object> nextFireTimes(HttpServletRequest request, @PathVariable String id,
			@RequestParam(defaultValue = "10") int count) {
		this.guard.requireAccess(request);
		return Map.of("id", id, "fireTimes", this.schedules.nextFireTimes(id, count).stream().map(Object::toString)
			.toList());
	}

	@PutMapping("/{id}")
	Map<String, @Nullable Object> update(HttpServletRequest request, @PathVariable String id,
			@RequestBody Map<String, Object> body) {
		this.guard.requireChange(request);
		return ScheduleJson.toJson(this.schedules.update(ScheduleJson.definition(body, id)));
	}

	@PostMapping("/{id}/pause")
	Map<String, @Nullable Object> pause(HttpServletRequest request, @PathVariable String id) {
		this.guard.requireChange(request);
		return ScheduleJson.toJson(this.schedules.pause(id));
	}

	@PostMapping("/{id}/resume")
	Map<String, @Nullable Object> resume(HttpServletRequest request, @PathVariable String id) {
		this.guard.requireChange(request);
		return ScheduleJson.toJson(this.schedules.resume(id));
	}

	@DeleteMapping("/{id}")
	ResponseEntity<Void> delete(HttpServletRequest request, @PathVariable String id) {
		this.guard.requireAccess(request);
		if (!this.schedules.delete(id)) {
			throw new ScheduleNotFoundException(id);
		}
		return ResponseEntity.noContent().build();
	}

	@ExceptionHandler
	ResponseEntity<Map<String, Object>> refused(ScheduleRequestGuard.AccessRefused ex) {
		return error(HttpStatus.FORBIDDEN, "access", ex.getMessage());
	}

	// Also thrown while reading a @RequestBody of another type, before the method runs.
	@ExceptionHandler({ HttpMediaTypeNotSupportedException.class, ScheduleRequestGuard.NotJson.class })
	ResponseEntity<Map<String, Object>> notJson() {
		return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "body",
				"Changes to schedules must be sent with Content-Type: application/json (an empty body will do for "
						+ "pause and resume)");
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
