package dev.awty.autoconfigure;

import io.micrometer.observation.ObservationRegistry;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.ClassUtils;

import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.internal.tracing.ObservationRowTracing;
import dev.awty.internal.tracing.RowTracing;

/**
 * Tracing of scheduled rows, when the application has a Micrometer tracer (Brave or OpenTelemetry bridge) and
 * an {@link ObservationRegistry}. Which tables keep a trace context is decided per type by
 * {@link AwtyEventTypes}, from their {@code trace_parent} column.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = { "io.micrometer.observation.ObservationRegistry", AwtyTracingConfiguration.TRACER })
@ConditionalOnBooleanProperty(name = "awty.tracing.enabled", matchIfMissing = true)
class AwtyTracingConfiguration {

	static final String TRACER = "io.micrometer.tracing.Tracer";

	@Bean
	RowTracing awtyRowTracing(ObjectProvider<ObservationRegistry> registry, ListableBeanFactory beans,
			AwtyProperties properties) {
		ObservationRegistry observations = registry.getIfUnique();
		// an ObservationRegistry alone (metrics only) cannot propagate a trace: nothing would be worth storing
		boolean tracer = beans.getBeanNamesForType(ClassUtils.resolveClassName(TRACER, beans.getClass().getClassLoader()))
			.length > 0;
		return (observations != null && !observations.isNoop() && tracer) ? new ObservationRowTracing(observations, properties.getTracing().isClaims())
				: RowTracing.NONE;
	}

}
