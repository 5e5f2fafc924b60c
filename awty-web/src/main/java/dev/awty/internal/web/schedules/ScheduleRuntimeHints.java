package dev.awty.internal.web.schedules;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * What a native image keeps of the schedule endpoints: the records they answer with, which functional routes do not
 * declare to the AOT engine. Registered by this module's own {@code aot.factories}.
 */
public final class ScheduleRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		new BindingReflectionHintsRegistrar().registerReflectionHints(hints.reflection(), ScheduleJson.Schedule.class,
				ScheduleJson.Version.class, ScheduleJson.Created.class, ScheduleJson.Fired.class,
				ScheduleJson.FireTimes.class, ScheduleJson.Failure.class);
	}

}
