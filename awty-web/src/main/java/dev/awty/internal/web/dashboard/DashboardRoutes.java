package dev.awty.internal.web.dashboard;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.TypePauses;
import dev.awty.audit.AuditEntry;
import dev.awty.audit.OperatorAudit;
import dev.awty.history.DeliveryHistory;
import dev.awty.internal.model.EventType;
import dev.awty.internal.observe.TypeOverviews;
import dev.awty.internal.observe.TypeOverviews.TypeInfo;
import dev.awty.internal.web.DashboardAccess;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;
import dev.awty.repository.SelectionFilter;
import dev.awty.spi.CurrentOperator;

import static dev.awty.internal.web.dashboard.DashboardResponses.error;
import static dev.awty.internal.web.dashboard.DashboardResponses.handle;
import static dev.awty.internal.web.dashboard.DashboardResponses.notJson;
import static dev.awty.internal.web.dashboard.DashboardResponses.respond;

/**
 * The dashboard under {@code /awty}: the page, and the JSON it reads ({@code GET /awty/api/overview},
 * {@code GET /awty/api/types/{type}/rows}, {@code GET /awty/api/types/{type}/rows/{id}/history},
 * {@code GET /awty/api/failures}, {@code GET /awty/api/schedules}, {@code GET /awty/api/schedules/{id}/history},
 * {@code GET /awty/api/schedules/{id}/next}, {@code GET /awty/api/audit}) and
 * writes ({@code POST /awty/api/types/{type}/pause} and {@code …/resume} for the whole type,
 * {@code POST /awty/api/types/{type}/{action}} for rows, {@code POST /awty/api/schedules/{id}/{action}}). Writes need
 * what reads need, a dashboard that is not read-only and, with Spring Security, the CSRF token. Every action is
 * logged with the user who asked for it.
 */
public final class DashboardRoutes {

	private static final Log logger = LogFactory.getLog(DashboardRoutes.class);

	public static final String PATH = "/awty";

	private static final ClassPathResource PAGE = new ClassPathResource("dev/awty/dashboard/index.html");

	private final TypeOverviews overviews;

	private final DashboardRows rows;

	private final DashboardSchedules schedules;

	private final DashboardHistory history;

	private final DashboardAccess access;

	private final TypePauses pauses;

	private final boolean readOnly;

	private final @Nullable OperatorAudit audit;

	private final CurrentOperator operator;

	/**
	 * @param audit the audit of operator actions the page shows, or {@code null} to answer its reads with 404
	 * @param operator names who acts in the log lines of actions, as the audit entries of the same actions do
	 */
	public DashboardRoutes(TypeOverviews overviews, EventRepositories repositories, List<SelectionFilter<?>> filters,
			DashboardSchedules schedules, DeliveryHistory history, DashboardAccess access, TypePauses pauses,
			boolean readOnly, @Nullable OperatorAudit audit, CurrentOperator operator) {
		this.operator = operator;
		this.audit = audit;
		this.overviews = overviews;
		this.pauses = pauses;
		this.rows = new DashboardRows(repositories, filters);
		this.schedules = schedules;
		this.history = new DashboardHistory(history);
		this.access = access;
		this.readOnly = readOnly;
	}

	public RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route()
			.GET(PATH, this::page)
			.GET(PATH + "/", this::page)
			.GET(PATH + "/api/overview", handle(readable(this::overview)))
			.GET(PATH + "/api/types/{type}/rows", handle(readable(this::search)))
			.GET(PATH + "/api/types/{type}/rows/{id}/history", handle(readable(this::rowHistory)))
			.GET(PATH + "/api/failures", handle(readable(this::failures)))
			.GET(PATH + "/api/schedules", handle(readable(this::schedules)))
			.GET(PATH + "/api/schedules/{id}/history", handle(readable(this::scheduleHistory)))
			.GET(PATH + "/api/schedules/{id}/next", handle(readable(this::nextFireTimes)))
			.GET(PATH + "/api/audit", handle(readable(this::audit)))
			.POST(PATH + "/api/types/{type}/pause", handle((request) -> pauseOrResume(request, true)))
			.POST(PATH + "/api/types/{type}/resume", handle((request) -> pauseOrResume(request, false)))
			.POST(PATH + "/api/types/{type}/{action}", handle(this::act))
			.POST(PATH + "/api/schedules/{id}/{action}", handle(this::actOnSchedule))
			.build();
	}

	private ServerResponse page(ServerRequest request) {
		return respond(HttpStatus.OK).contentType(MediaType.TEXT_HTML).header("Cache-Control", "no-store").body(PAGE);
	}

	private ServerResponse overview(ServerRequest request) {
		Map<String, Map<String, @Nullable Object>> types = this.overviews.readNow();
		Map<String, Object> lag = new LinkedHashMap<>();
		Map<String, Object> filters = new LinkedHashMap<>();
		for (String name : this.overviews.sourceNames()) {
			lag.put(name, this.overviews.lag().lastHour(name).stream().map((point) -> Map.of("minute",
					point.minute().toString(), "count", point.count(), "p99Millis", point.p99Millis(), "maxMillis",
					point.maxMillis())).toList());
		}
		for (String name : this.overviews.names()) {
			filters.put(name, this.rows.filterNames(type(name).type()));
		}
		Map<String, @Nullable Object> body = new LinkedHashMap<>();
		body.put("types", types);
		// Only event types have rows to list and change; the recurring schedules have their own section.
		body.put("rowTypes", this.overviews.names());
		body.put("recurring", this.schedules.enabled());
		body.put("lag", lag);
		body.put("filters", filters);
		body.put("readOnly", this.readOnly);
		String refusal = refusal(request);
		body.put("mayAct", refusal == null);
		body.put("refusal", refusal);
		body.put("user", this.access.user(request.servletRequest()));
		body.put("csrf", this.access.csrf(request.servletRequest()));
		return respond(HttpStatus.OK).body(body);
	}

	private ServerResponse search(ServerRequest request) {
		EventType<?> type = type(request.pathVariable("type")).type();
		int limit = request.param("limit").map(DashboardRoutes::number).orElse(50);
		List<Map<String, @Nullable Object>> found = this.rows.search(type, request.param("status").orElse("PENDING"),
				request.param("id").orElse(null), request.param("filter").orElse(null),
				request.param("value").orElse(null), limit);
		return respond(HttpStatus.OK).body(Map.of("rows", found));
	}

	private ServerResponse rowHistory(ServerRequest request) {
		TypeInfo type = type(request.pathVariable("type"));
		long rowId = DashboardRows.rowId(request.pathVariable("id"));
		return respond(HttpStatus.OK).body(Map.of("entries", this.history.timeline(type.name(), rowId)));
	}

	private ServerResponse failures(ServerRequest request) {
		String type = request.param("type").filter((name) -> !name.isBlank()).orElseThrow(
				() -> new IllegalArgumentException("type is required, one of " + this.overviews.sourceNames()));
		if (!this.overviews.sourceNames().contains(type)) {
			throw new DashboardResponses.NotFound("Unknown type '" + type + "'; the types are "
					+ this.overviews.sourceNames());
		}
		int hours = request.param("hours").map((text) -> number("hours", text)).orElse(24);
		int limit = request.param("limit").map(DashboardRoutes::number).orElse(50);
		return respond(HttpStatus.OK).body(Map.of("entries",
				this.history.failures(type, request.param("outcome").orElse("FAILED"), hours, limit)));
	}

	private ServerResponse schedules(ServerRequest request) {
		int limit = request.param("limit").map(DashboardRoutes::number).orElse(50);
		return respond(HttpStatus.OK).body(Map.of("schedules", this.schedules.page(request.param("prefix").orElse(""),
				request.param("after").filter((after) -> !after.isEmpty()).orElse(null), limit)));
	}

	private ServerResponse scheduleHistory(ServerRequest request) {
		int limit = request.param("limit").map(DashboardRoutes::number).orElse(50);
		return respond(HttpStatus.OK).body(Map.of("entries",
				this.schedules.history(request.pathVariable("id"), limit)));
	}

	private ServerResponse nextFireTimes(ServerRequest request) {
		int count = request.param("count").map((text) -> number("count", text)).orElse(5);
		return respond(HttpStatus.OK).body(Map.of("fireTimes", this.schedules.next(request.pathVariable("id"), count)));
	}

	private ServerResponse audit(ServerRequest request) {
		OperatorAudit audit = this.audit;
		if (audit == null) {
			throw new DashboardResponses.NotFound("This application has no audit of operator actions");
		}
		int limit = request.param("limit").map(DashboardRoutes::number).orElse(50);
		Long before = request.param("before").filter((text) -> !text.isBlank())
			.map((text) -> id("before", text))
			.orElse(null);
		List<AuditEntry> entries = audit.newest(request.param("target").filter((text) -> !text.isBlank()).orElse(null),
				request.param("principal").filter((text) -> !text.isBlank()).orElse(null), before, limit);
		return respond(HttpStatus.OK).body(Map.of("entries", entries.stream().map((entry) -> {
			Map<String, @Nullable Object> shown = new LinkedHashMap<>();
			shown.put("id", entry.id());
			shown.put("at", entry.at().toString());
			shown.put("principal", entry.principal());
			shown.put("action", entry.actionName());
			shown.put("target", entry.target());
			shown.put("rows", entry.rows());
			shown.put("detail", entry.detail());
			return shown;
		}).toList()));
	}

	private ServerResponse act(ServerRequest request) throws Exception {
		// Refused before the type is looked up: a 404 would list every type to a caller without the role.
		String refusal = refusal(request);
		if (refusal != null) {
			return error(HttpStatus.FORBIDDEN, refusal);
		}
		EventType<?> type = type(request.pathVariable("type")).type();
		ServerResponse notJson = notJson(request, "row");
		if (notJson != null) {
			return notJson;
		}
		ActionRequest body = request.body(ActionRequest.class);
		List<Long> ids = (body.ids() != null) ? body.ids() : List.of();
		String action = request.pathVariable("action");
		ChangeResult result = this.rows.act(type, action, ids, dueAt(body.dueAt()));
		logger.info("awty: dashboard operator " + this.operator.name() + " ran " + action + " on "
				+ ids.size() + " row(s) of type '" + type.name() + "': " + result.changed() + " changed, "
				+ result.inFlight() + " in flight");
		return respond(HttpStatus.OK).body(Map.of("action", action, "changed", result.changed(), "inFlight",
				result.inFlight()));
	}

	private ServerResponse pauseOrResume(ServerRequest request, boolean pause) {
		String refusal = refusal(request);
		if (refusal != null) {
			return error(HttpStatus.FORBIDDEN, refusal);
		}
		String type = type(request.pathVariable("type")).name();
		ServerResponse notJson = notJson(request, "pause and resume");
		if (notJson != null) {
			return notJson;
		}
		boolean changed = pause ? this.pauses.pause(type) : this.pauses.resume(type);
		return respond(HttpStatus.OK).body(Map.of("type", type, "paused", pause, "changed", changed));
	}

	private ServerResponse actOnSchedule(ServerRequest request) {
		String refusal = refusal(request);
		if (refusal != null) {
			return error(HttpStatus.FORBIDDEN, refusal);
		}
		ServerResponse notJson = notJson(request, "schedule");
		if (notJson != null) {
			return notJson;
		}
		String id = request.pathVariable("id");
		String action = request.pathVariable("action");
		Map<String, @Nullable Object> schedule = this.schedules.act(id, action);
		logger.info("awty: dashboard operator " + this.operator.name() + " ran " + action
				+ " on recurring schedule '" + id + "'");
		Map<String, @Nullable Object> body = new LinkedHashMap<>();
		body.put("action", action);
		body.put("schedule", schedule);
		return respond(HttpStatus.OK).body(body);
	}

	/** {@code handler}, behind the read refusal every read of the dashboard shares. */
	private HandlerFunction<ServerResponse> readable(HandlerFunction<ServerResponse> handler) {
		return (request) -> {
			String readRefusal = this.access.refusal(request.servletRequest());
			return (readRefusal != null) ? error(HttpStatus.FORBIDDEN, readRefusal) : handler.handle(request);
		};
	}

	private @Nullable String refusal(ServerRequest request) {
		return this.readOnly ? "The dashboard is read-only (awty.dashboard.read-only=true)"
				: this.access.refusal(request.servletRequest());
	}

	private TypeInfo type(String name) {
		return this.overviews.type(name).orElseThrow(() -> new DashboardResponses.NotFound("Unknown event type '" + name
				+ "'; the types are " + this.overviews.names()));
	}

	private static @Nullable Instant dueAt(@Nullable String text) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try {
			return Instant.parse(text.strip());
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("dueAt must be an ISO-8601 instant such as 2030-01-01T12:00:00Z, was '"
					+ text + "'");
		}
	}

	private static int number(String text) {
		return number("limit", text);
	}

	private static int number(String name, String text) {
		try {
			return Integer.parseInt(text);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " must be a number, was '" + text + "'");
		}
	}

	/** An audit entry's id, a {@code BIGINT}. */
	private static long id(String name, String text) {
		try {
			return Long.parseLong(text);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " must be a number, was '" + text + "'");
		}
	}

	/** The body of an action: the rows, and the new due time for a reschedule. */
	public record ActionRequest(@Nullable List<Long> ids, @Nullable String dueAt) {
	}

}
