package dev.awty.internal.web.dashboard;

import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.TypePauses;
import dev.awty.internal.model.EventType;
import dev.awty.internal.observe.TypeOverviews;
import dev.awty.internal.web.dashboard.DashboardJson.RowsChanged;
import dev.awty.internal.web.dashboard.DashboardJson.ScheduleChanged;
import dev.awty.internal.web.dashboard.DashboardJson.TypePaused;
import dev.awty.internal.web.dashboard.DashboardRoutes.ActionRequest;
import dev.awty.internal.web.dashboard.DashboardSchedules.Schedule;
import dev.awty.repository.ChangeResult;
import dev.awty.spi.CurrentOperator;

import static dev.awty.internal.web.dashboard.DashboardResponses.error;
import static dev.awty.internal.web.dashboard.DashboardResponses.notJson;
import static dev.awty.internal.web.dashboard.DashboardResponses.respond;

/**
 * What an operator does from the dashboard: act on rows, pause or resume a type, act on a schedule. Each is refused
 * (403) before what it names is looked up, and needs JSON (415 otherwise). Each is logged with who asked for it,
 * under the category {@code …dashboard.DashboardRoutes} that operators route these lines by.
 */
final class DashboardActions {

	private static final Log logger = LogFactory.getLog(DashboardRoutes.class);

	private final TypeOverviews overviews;

	private final DashboardRows rows;

	private final DashboardSchedules schedules;

	private final TypePauses pauses;

	private final DashboardGuard guard;

	private final CurrentOperator operator;

	DashboardActions(TypeOverviews overviews, DashboardRows rows, DashboardSchedules schedules, TypePauses pauses,
			DashboardGuard guard, CurrentOperator operator) {
		this.overviews = overviews;
		this.rows = rows;
		this.schedules = schedules;
		this.pauses = pauses;
		this.guard = guard;
		this.operator = operator;
	}

	ServerResponse act(ServerRequest request) throws Exception {
		// Refused before the type is looked up: a 404 would list every type to a caller without the role.
		String refusal = this.guard.actRefusal(request);
		if (refusal != null) {
			return error(HttpStatus.FORBIDDEN, refusal);
		}
		EventType<?> type = DashboardRequests.type(this.overviews, request.pathVariable("type")).type();
		ServerResponse notJson = notJson(request, "row");
		if (notJson != null) {
			return notJson;
		}
		ActionRequest body = request.body(ActionRequest.class);
		List<Long> ids = (body.ids() != null) ? body.ids() : List.of();
		String action = request.pathVariable("action");
		ChangeResult result = this.rows.act(type, action, ids, DashboardRequests.dueAt(body.dueAt()));
		logger.info("awty: dashboard operator " + this.operator.name() + " ran " + action + " on "
				+ ids.size() + " row(s) of type '" + type.name() + "': " + result.changed() + " changed, "
				+ result.inFlight() + " in flight");
		return respond(HttpStatus.OK).body(new RowsChanged(action, result.changed(), result.inFlight()));
	}

	ServerResponse pauseOrResume(ServerRequest request, boolean pause) {
		String refusal = this.guard.actRefusal(request);
		if (refusal != null) {
			return error(HttpStatus.FORBIDDEN, refusal);
		}
		String type = DashboardRequests.type(this.overviews, request.pathVariable("type")).name();
		ServerResponse notJson = notJson(request, "pause and resume");
		if (notJson != null) {
			return notJson;
		}
		boolean changed = pause ? this.pauses.pause(type) : this.pauses.resume(type);
		return respond(HttpStatus.OK).body(new TypePaused(type, pause, changed));
	}

	ServerResponse actOnSchedule(ServerRequest request) {
		String refusal = this.guard.actRefusal(request);
		if (refusal != null) {
			return error(HttpStatus.FORBIDDEN, refusal);
		}
		ServerResponse notJson = notJson(request, "schedule");
		if (notJson != null) {
			return notJson;
		}
		String id = request.pathVariable("id");
		String action = request.pathVariable("action");
		@Nullable Schedule schedule = this.schedules.act(id, action);
		logger.info("awty: dashboard operator " + this.operator.name() + " ran " + action
				+ " on recurring schedule '" + id + "'");
		return respond(HttpStatus.OK).body(new ScheduleChanged(action, schedule));
	}

}
