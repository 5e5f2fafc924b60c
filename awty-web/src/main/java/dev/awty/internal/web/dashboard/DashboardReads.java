package dev.awty.internal.web.dashboard;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import dev.awty.audit.OperatorAudit;
import dev.awty.internal.observe.TypeOverviews;
import dev.awty.internal.observe.TypeOverviews.TypeInfo;
import dev.awty.internal.web.DashboardAccess;
import dev.awty.internal.web.dashboard.DashboardJson.AuditLine;
import dev.awty.internal.web.dashboard.DashboardJson.Entries;
import dev.awty.internal.web.dashboard.DashboardJson.FireTimes;
import dev.awty.internal.web.dashboard.DashboardJson.LagMinute;
import dev.awty.internal.web.dashboard.DashboardJson.Overview;
import dev.awty.internal.web.dashboard.DashboardJson.Rows;
import dev.awty.internal.web.dashboard.DashboardJson.Schedules;

import static dev.awty.internal.web.dashboard.DashboardRequests.limit;
import static dev.awty.internal.web.dashboard.DashboardRequests.number;
import static dev.awty.internal.web.dashboard.DashboardRequests.text;
import static dev.awty.internal.web.dashboard.DashboardResponses.respond;

/**
 * What the dashboard reads, each behind {@link DashboardGuard#readable}: the overview, a type's rows and the history
 * of one, a type's failures, the recurring schedules with their history and next fire times, and the audit.
 */
final class DashboardReads {

	private final TypeOverviews overviews;

	private final DashboardRows rows;

	private final DashboardSchedules schedules;

	private final DashboardHistory history;

	private final DashboardGuard guard;

	private final @Nullable OperatorAudit audit;

	DashboardReads(TypeOverviews overviews, DashboardRows rows, DashboardSchedules schedules, DashboardHistory history,
			DashboardGuard guard, @Nullable OperatorAudit audit) {
		this.overviews = overviews;
		this.rows = rows;
		this.schedules = schedules;
		this.history = history;
		this.guard = guard;
		this.audit = audit;
	}

	ServerResponse overview(ServerRequest request) {
		Map<String, List<LagMinute>> lag = new LinkedHashMap<>();
		Map<String, List<String>> filters = new LinkedHashMap<>();
		for (String name : this.overviews.sourceNames()) {
			lag.put(name, this.overviews.lag().lastHour(name).stream().map(LagMinute::of).toList());
		}
		for (String name : this.overviews.names()) {
			filters.put(name, this.rows.filterNames(type(name).type()));
		}
		String refusal = this.guard.actRefusal(request);
		DashboardAccess access = this.guard.access();
		// Only event types have rows to list and change; the recurring schedules have their own section.
		return respond(HttpStatus.OK).body(new Overview(this.overviews.readNow(), this.overviews.names(),
				this.schedules.enabled(), lag, filters, this.guard.readOnly(), refusal == null, refusal,
				access.user(request.servletRequest()), access.csrf(request.servletRequest())));
	}

	ServerResponse search(ServerRequest request) {
		TypeInfo type = type(request.pathVariable("type"));
		return respond(HttpStatus.OK).body(new Rows(this.rows.search(type.type(),
				request.param("status").orElse("PENDING"), request.param("id").orElse(null),
				request.param("filter").orElse(null), request.param("value").orElse(null), limit(request))));
	}

	ServerResponse rowHistory(ServerRequest request) {
		TypeInfo type = type(request.pathVariable("type"));
		long rowId = DashboardRows.rowId(request.pathVariable("id"));
		return respond(HttpStatus.OK).body(new Entries<>(this.history.timeline(type.name(), rowId)));
	}

	ServerResponse failures(ServerRequest request) {
		String type = request.param("type").filter((name) -> !name.isBlank()).orElseThrow(
				() -> new IllegalArgumentException("type is required, one of " + this.overviews.sourceNames()));
		if (!this.overviews.sourceNames().contains(type)) {
			throw new DashboardResponses.NotFound("Unknown type '" + type + "'; the types are "
					+ this.overviews.sourceNames());
		}
		int hours = number(request, "hours", 24);
		int limit = limit(request);
		return respond(HttpStatus.OK).body(new Entries<>(
				this.history.failures(type, request.param("outcome").orElse("FAILED"), hours, limit)));
	}

	ServerResponse schedules(ServerRequest request) {
		int limit = limit(request);
		return respond(HttpStatus.OK).body(new Schedules(this.schedules.page(request.param("prefix").orElse(""),
				request.param("after").filter((after) -> !after.isEmpty()).orElse(null), limit)));
	}

	ServerResponse scheduleHistory(ServerRequest request) {
		int limit = limit(request);
		return respond(HttpStatus.OK).body(new Entries<>(this.schedules.history(request.pathVariable("id"), limit)));
	}

	ServerResponse nextFireTimes(ServerRequest request) {
		int count = number(request, "count", 5);
		return respond(HttpStatus.OK).body(new FireTimes(this.schedules.next(request.pathVariable("id"), count)));
	}

	ServerResponse audit(ServerRequest request) {
		OperatorAudit audit = this.audit;
		if (audit == null) {
			throw new DashboardResponses.NotFound("This application has no audit of operator actions");
		}
		int limit = limit(request);
		Long before = DashboardRequests.id(request, "before");
		return respond(HttpStatus.OK).body(new Entries<>(audit.newest(text(request, "target"),
				text(request, "principal"), before, limit).stream().map(AuditLine::of).toList()));
	}

	private TypeInfo type(String name) {
		return DashboardRequests.type(this.overviews, name);
	}

}
