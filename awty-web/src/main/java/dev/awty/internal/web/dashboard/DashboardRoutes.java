package dev.awty.internal.web.dashboard;

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.TypePauses;
import dev.awty.audit.OperatorAudit;
import dev.awty.history.DeliveryHistory;
import dev.awty.internal.observe.TypeOverviews;
import dev.awty.internal.web.DashboardAccess;
import dev.awty.repository.EventRepositories;
import dev.awty.repository.SelectionFilter;
import dev.awty.spi.CurrentOperator;

import static dev.awty.internal.web.dashboard.DashboardResponses.handle;
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

	public static final String PATH = "/awty";

	private static final ClassPathResource PAGE = new ClassPathResource("dev/awty/dashboard/index.html");

	private final DashboardGuard guard;

	private final DashboardReads reads;

	private final DashboardActions actions;

	/**
	 * @param audit the audit of operator actions the page shows, or {@code null} to answer its reads with 404
	 * @param operator names who acts in the log lines of actions, as the audit entries of the same actions do
	 */
	public DashboardRoutes(TypeOverviews overviews, EventRepositories repositories, List<SelectionFilter<?>> filters,
			DashboardSchedules schedules, DeliveryHistory history, DashboardAccess access, TypePauses pauses,
			boolean readOnly, @Nullable OperatorAudit audit, CurrentOperator operator) {
		DashboardRows rows = new DashboardRows(repositories, filters);
		this.guard = new DashboardGuard(access, readOnly);
		this.reads = new DashboardReads(overviews, rows, schedules, new DashboardHistory(history), this.guard, audit);
		this.actions = new DashboardActions(overviews, rows, schedules, pauses, this.guard, operator);
	}

	public RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route()
			.GET(PATH, this::page)
			.GET(PATH + "/", this::page)
			.GET(PATH + "/api/overview", handle(this.guard.readable(this.reads::overview)))
			.GET(PATH + "/api/types/{type}/rows", handle(this.guard.readable(this.reads::search)))
			.GET(PATH + "/api/types/{type}/rows/{id}/history", handle(this.guard.readable(this.reads::rowHistory)))
			.GET(PATH + "/api/failures", handle(this.guard.readable(this.reads::failures)))
			.GET(PATH + "/api/schedules", handle(this.guard.readable(this.reads::schedules)))
			.GET(PATH + "/api/schedules/{id}/history", handle(this.guard.readable(this.reads::scheduleHistory)))
			.GET(PATH + "/api/schedules/{id}/next", handle(this.guard.readable(this.reads::nextFireTimes)))
			.GET(PATH + "/api/audit", handle(this.guard.readable(this.reads::audit)))
			.POST(PATH + "/api/types/{type}/pause", handle((request) -> this.actions.pauseOrResume(request, true)))
			.POST(PATH + "/api/types/{type}/resume", handle((request) -> this.actions.pauseOrResume(request, false)))
			.POST(PATH + "/api/types/{type}/{action}", handle(this.actions::act))
			.POST(PATH + "/api/schedules/{id}/{action}", handle(this.actions::actOnSchedule))
			.build();
	}

	private ServerResponse page(ServerRequest request) {
		return respond(HttpStatus.OK).contentType(MediaType.TEXT_HTML).header("Cache-Control", "no-store").body(PAGE);
	}

	/** The body of an action: the rows, and the new due time for a reschedule. */
	public record ActionRequest(@Nullable List<Long> ids, @Nullable String dueAt) {
	}

}
