package dev.awty.benchmarks.awty;

import java.util.concurrent.atomic.LongAdder;

import brave.Tracing;
import brave.handler.MutableSpan;
import brave.handler.SpanHandler;
import brave.propagation.ThreadLocalCurrentTraceContext;
import brave.propagation.TraceContext;
import brave.sampler.Sampler;
import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.brave.bridge.BraveBaggageManager;
import io.micrometer.tracing.brave.bridge.BraveCurrentTraceContext;
import io.micrometer.tracing.brave.bridge.BravePropagator;
import io.micrometer.tracing.brave.bridge.BraveTracer;
import io.micrometer.tracing.brave.bridge.W3CPropagation;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;

/**
 * The tracer of the traced drain: Brave with W3C propagation wired to an {@link ObservationRegistry} as Spring
 * Boot wires it, every trace sampled (the worst case), finished spans counted and dropped rather than exported,
 * so the figure is awty's cost of tracing and not an exporter's.
 */
final class BenchTracing {

	private final LongAdder spans = new LongAdder();

	private final Tracer tracer;

	private final ObservationRegistry registry = ObservationRegistry.create();

	BenchTracing() {
		Tracing tracing = Tracing.newBuilder()
			.currentTraceContext(ThreadLocalCurrentTraceContext.create())
			.propagationFactory(new W3CPropagation())
			.traceId128Bit(true)
			.sampler(Sampler.ALWAYS_SAMPLE)
			.addSpanHandler(new SpanHandler() {
				@Override
				public boolean end(TraceContext context, MutableSpan span, Cause cause) {
					BenchTracing.this.spans.increment();
					return true;
				}
			})
			.build();
		this.tracer = new BraveTracer(tracing.tracer(), new BraveCurrentTraceContext(tracing.currentTraceContext()),
				new BraveBaggageManager());
		BravePropagator propagator = new BravePropagator(tracing);
		this.registry.observationConfig()
			.observationHandler(new FirstMatchingCompositeObservationHandler(
					new PropagatingSenderTracingObservationHandler<>(this.tracer, propagator),
					new PropagatingReceiverTracingObservationHandler<>(this.tracer, propagator),
					new DefaultTracingObservationHandler(this.tracer)));
	}

	Tracer tracer() {
		return this.tracer;
	}

	ObservationRegistry registry() {
		return this.registry;
	}

	long spans() {
		return this.spans.sum();
	}

}
