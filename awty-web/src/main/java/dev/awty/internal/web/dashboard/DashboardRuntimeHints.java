package dev.awty.internal.web.dashboard;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * What a native image keeps of the dashboard: its page, the action request it reads from JSON and the records it
 * answers with, which functional routes do not declare to the AOT engine. Registered by this module's own
 * {@code aot.factories}, so an application without the module names none of it.
 */
public final class DashboardRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern("dev/awty/dashboard/*");
		new BindingReflectionHintsRegistrar().registerReflectionHints(hints.reflection(),
				DashboardRoutes.ActionRequest.class, DashboardJson.Overview.class, DashboardJson.LagMinute.class,
				DashboardJson.Rows.class, DashboardJson.Schedules.class, DashboardJson.Entries.class,
				DashboardJson.FireTimes.class, DashboardJson.AuditLine.class, DashboardJson.RowsChanged.class,
				DashboardJson.TypePaused.class, DashboardJson.ScheduleChanged.class, DashboardJson.Failure.class,
				DashboardRows.Row.class, DashboardSchedules.Schedule.class, DashboardHistory.Entry.class);
	}

}
