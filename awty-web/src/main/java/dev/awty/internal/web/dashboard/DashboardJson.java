package dev.awty.internal.web.dashboard;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import org.jspecify.annotations.Nullable;

import dev.awty.audit.AuditEntry;
import dev.awty.internal.observe.LagHistory.LagPoint;
import dev.awty.internal.observe.TypeOverviews.TypeOverview;
import dev.awty.internal.web.dashboard.DashboardRows.Row;
import dev.awty.internal.web.dashboard.DashboardSchedules.Schedule;

/**
 * The dashboard's JSON answers, as records whose components are their fields in order; the rows, schedules and
 * history entries they hold are {@link Row}, {@link Schedule} and {@link DashboardHistory.Entry}. Fields that may be
 * empty are written as {@code null} whatever the application's Jackson default, since the page tests for
 * {@code null}.
 */
final class DashboardJson {

	private DashboardJson() {
	}

	/**
	 * Everything the page shows first: each source's overview by name, its lag minute by minute and, for event types,
	 * the names of their filters; and what the caller may do.
	 * @param rowTypes the event types, whose rows can be listed and changed
	 * @param recurring whether recurring schedules are on
	 * @param mayAct whether the caller may act, and if not, the {@code refusal} that says why
	 * @param csrf the header name and token to send with actions, empty without a CSRF token
	 */
	@JsonInclude(Include.ALWAYS)
	record Overview(Map<String, TypeOverview> types, List<String> rowTypes, boolean recurring,
			Map<String, List<LagMinute>> lag, Map<String, List<String>> filters, boolean readOnly, boolean mayAct,
			@Nullable String refusal, @Nullable String user, Map<String, String> csrf) {
	}

	/** One minute of a source's lag. */
	record LagMinute(String minute, long count, long p99Millis, long maxMillis) {

		static LagMinute of(LagPoint point) {
			return new LagMinute(point.minute().toString(), point.count(), point.p99Millis(), point.maxMillis());
		}

	}

	record Rows(List<Row> rows) {
	}

	record Schedules(List<Schedule> schedules) {
	}

	/** History entries or audit lines, newest first. */
	record Entries<T>(List<T> entries) {
	}

	record FireTimes(List<String> fireTimes) {
	}

	/** One operator action from the audit. */
	@JsonInclude(Include.ALWAYS)
	record AuditLine(long id, String at, String principal, String action, String target, long rows,
			@Nullable String detail) {

		static AuditLine of(AuditEntry entry) {
			return new AuditLine(entry.id(), entry.at().toString(), entry.principal(), entry.actionName(),
					entry.target(), entry.rows(), entry.detail());
		}

	}

	record RowsChanged(String action, int changed, int inFlight) {
	}

	record TypePaused(String type, boolean paused, boolean changed) {
	}

	/** A schedule acted on; {@code null} once deleted. */
	@JsonInclude(Include.ALWAYS)
	record ScheduleChanged(String action, @Nullable Schedule schedule) {
	}

	record Failure(String error) {
	}

}
