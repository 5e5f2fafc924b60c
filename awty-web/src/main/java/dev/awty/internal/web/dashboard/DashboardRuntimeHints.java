package dev.awty.internal.web.dashboard;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * What a native image keeps of the web module: the dashboard's page and the action request it reads from JSON.
 * Registered by this module's own {@code aot.factories}, so an application without the module names none of it.
 */
public final class DashboardRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern("dev/awty/dashboard/*");
		new BindingReflectionHintsRegistrar().registerReflectionHints(hints.reflection(),
				DashboardRoutes.ActionRequest.class);
	}

}
