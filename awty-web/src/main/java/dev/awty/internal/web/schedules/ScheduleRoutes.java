package dev.awty.internal.web.schedules;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatus;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.util.NumberUtils;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.AwtyException;
import dev.awty.internal.web.DashboardAccess;
import dev.awty.internal.web.schedules.ScheduleJson.Created;
import dev.awty.internal.web.schedules.ScheduleJson.Failure;
import dev.awty.internal.web.schedules.ScheduleJson.FireTimes;
import dev.awty.internal.web.schedules.ScheduleJson.Fired;
import dev.awty.internal.web.schedules.ScheduleJson.Schedule;
import dev.awty.internal.web.schedules.ScheduleJson.Version;
import dev.awty.recurring.DuplicateScheduleException;
import dev.awty.recurring.InvalidScheduleException;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.recurring.ScheduleNotFoundException;

/**
 * JSON endpoints over {@link RecurringSchedules} under {@code /awty/schedules}. Every request must pass the
 * {@link DashboardAccess} check (403 otherwise), and every state change except DELETE must be sent as
 * {@code application/json} (415 otherwise), which a cross-site form cannot do; both are checked before a body is read.
 * Errors are {@code {"status","field","error"}} objects: 400 for invalid input naming the field, 404 for an unknown
 * id, 409 for a duplicate id or a schedule busy publishing.
 */
public final class ScheduleRoutes {

	public static final String PATH = "/awty/schedules";

	private static final ParameterizedTypeReference<Map<String, Object>> OBJECT = new ParameterizedTypeReference<>() {
	};

	private static final ParameterizedTypeReference<List<@Nullable Map<String, Object>>> OBJECTS =
			new ParameterizedTypeReference<>() {
			};

	private final RecurringSchedules schedules;

	private final ScheduleRequestGuard guard;

	private final int maxBatchSize;

	public ScheduleRoutes(RecurringSchedules schedules, DashboardAccess access, int maxBatchSize) {
		this.schedules = schedules;
		this.guard = new ScheduleRequestGuard(access);
		this.maxBatchSize = maxBatchSize;
	}

	public RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route()
			.POST(PATH, this::create)
			.POST(PATH + "/batch", this::createAll)
			.GET(PATH, this::list)
			.GET(PATH + "/{id}", this::get)
			.GET(PATH + "/{id}/versions", this::versions)
			.POST(PATH + "/{id}/fire-now", this::fireNow)
			.GET(PATH + "/{id}/next", this::nextFireTimes)
			.PUT(PATH + "/{id}", this::update)
			.POST(PATH + "/{id}/pause", this::pause)
			.POST(PATH + "/{id}/resume", this::resume)
			.DELETE(PATH + "/{id}", this::delete)
			.filter(this::answer)
			.build();
	}

	private ServerResponse create(ServerRequest request) throws Exception {
		Schedule created = Schedule.of(this.schedules.create(ScheduleJson.definition(body(request, OBJECT), null)));
		return ServerResponse.status(HttpStatus.CREATED).body(created);
	}

	private ServerResponse createAll(ServerRequest request) throws Exception {
		List<@Nullable Map<String, Object>> body = body(request, OBJECTS);
		if (body.size() > this.maxBatchSize) {
			throw new InvalidScheduleException("body", "A batch may hold at most " + this.maxBatchSize
					+ " schedules, this one holds " + body.size() + " (awty.recurring.web.max-batch-size)");
		}
		Created created = new Created(this.schedules.createAll(ScheduleJson.definitions(body)));
		return ServerResponse.status(HttpStatus.CREATED).body(created);
	}

	private ServerResponse list(ServerRequest request) {
		int limit = number(request, "limit", 100);
		if (limit < 1 || limit > 1000) {
			throw new InvalidScheduleException("limit", "'limit' must be between 1 and 1000, was " + limit);
		}
		return ServerResponse.ok().body(this.schedules.list(request.param("prefix").orElse(""),
				request.param("after").orElse(null), limit).stream().map(Schedule::of).toList());
	}

	private ServerResponse get(ServerRequest request) {
		String id = request.pathVariable("id");
		return ServerResponse.ok()
			.body(Schedule.of(this.schedules.get(id).orElseThrow(() -> new ScheduleNotFoundException(id))));
	}

	private ServerResponse versions(ServerRequest request) {
		return ServerResponse.ok()
			.body(this.schedules.versions(request.pathVariable("id")).stream().map(Version::of).toList());
	}

	private ServerResponse fireNow(ServerRequest request) {
		String id = request.pathVariable("id");
		return ServerResponse.ok().body(new Fired(id, this.schedules.fireNow(id)));
	}

	private ServerResponse nextFireTimes(ServerRequest request) {
		String id = request.pathVariable("id");
		List<String> fireTimes = this.schedules.nextFireTimes(id, number(request, "count", 10))
			.stream()
			.map(Object::toString)
			.toList();
		return ServerResponse.ok().body(new FireTimes(id, fireTimes));
	}

	private ServerResponse update(ServerRequest request) throws Exception {
		String id = request.pathVariable("id");
		return ServerResponse.ok()
			.body(Schedule.of(this.schedules.update(ScheduleJson.definition(body(request, OBJECT), id))));
	}

	private ServerResponse pause(ServerRequest request) {
		return ServerResponse.ok().body(Schedule.of(this.schedules.pause(request.pathVariable("id"))));
	}

	private ServerResponse resume(ServerRequest request) {
		return ServerResponse.ok().body(Schedule.of(this.schedules.resume(request.pathVariable("id"))));
	}

	private ServerResponse delete(ServerRequest request) {
		String id = request.pathVariable("id");
		if (!this.schedules.delete(id)) {
			throw new ScheduleNotFoundException(id);
		}
		return ServerResponse.noContent().build();
	}

	/**
	 * Refuses what the guard refuses before {@code handler} reads a body, and answers what went wrong as
	 * {@code {"status","field","error"}}, looking through the causes as Spring's exception handlers do.
	 */
	private ServerResponse answer(ServerRequest request, HandlerFunction<ServerResponse> handler) throws Exception {
		ServerResponse refusal = this.guard.refusal(request);
		if (refusal != null) {
			return refusal;
		}
		try {
			return handler.handle(request);
		}
		catch (Exception ex) {
			for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
				ServerResponse failure = failure(cause);
				if (failure != null) {
					return failure;
				}
			}
			throw ex;
		}
	}

	private static @Nullable ServerResponse failure(Throwable ex) {
		if (ex instanceof DuplicateScheduleException duplicate) {
			return failure(HttpStatus.CONFLICT, duplicate.field(), duplicate.getMessage());
		}
		if (ex instanceof InvalidScheduleException invalid) {
			return failure(HttpStatus.BAD_REQUEST, invalid.field(), invalid.getMessage());
		}
		if (ex instanceof ScheduleNotFoundException) {
			return failure(HttpStatus.NOT_FOUND, "id", ex.getMessage());
		}
		// A schedule busy publishing.
		if (ex instanceof AwtyException) {
			return failure(HttpStatus.CONFLICT, "id", ex.getMessage());
		}
		if (ex instanceof HttpMessageNotReadableException) {
			return failure(HttpStatus.BAD_REQUEST, "body", "The body must be JSON: an object with id and expression "
					+ "(a list of such objects for /batch)");
		}
		return (ex instanceof HttpMediaTypeNotSupportedException) ? ScheduleRequestGuard.notJson() : null;
	}

	static ServerResponse failure(HttpStatus status, String field, @Nullable String message) {
		return ServerResponse.status(status).body(new Failure(status.value(), field, String.valueOf(message)));
	}

	/** The body, which must be there: JSON's {@code null} is no schedule. */
	private static <T> T body(ServerRequest request, ParameterizedTypeReference<T> type) throws Exception {
		T body = request.body(type);
		if (body == null) {
			throw new HttpMessageNotReadableException("Required request body is missing",
					new ServletServerHttpRequest(request.servletRequest()));
		}
		return body;
	}

	/** A whole-number parameter read as Spring reads one: absent or empty is {@code fallback}. */
	private static int number(ServerRequest request, String name, int fallback) {
		String text = request.param(name).orElse("");
		if (text.isEmpty()) {
			return fallback;
		}
		try {
			return NumberUtils.parseNumber(text, Integer.class);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidScheduleException(name, "'" + name + "' must be a whole number, was '" + text + "'");
		}
	}

}
