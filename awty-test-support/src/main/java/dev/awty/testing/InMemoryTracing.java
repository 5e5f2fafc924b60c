package dev.awty.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import brave.Tracing;
import brave.handler.MutableSpan;
import brave.handler.SpanHandler;
import brave.propagation.ThreadLocalCurrentTraceContext;
import brave.propagation.TraceContext;
import brave.sampler.Sampler;
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
import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;

/**
 * A real tracer (Brave, W3C propagation, 128-bit trace ids, every trace sampled) wired to an {@link ObservationRegistry} the way
 * Spring Boot wires it, keeping the finished spans in memory.
 */
public final class InMemoryTracing {

	private final List<MutableSpan> spans = new CopyOnWriteArrayList<>();

	private final Tracer tracer;

	private final ObservationRegistry registry = ObservationRegistry.create();

	public InMemoryTracing() {
		Tracing tracing = Tracing.newBuilder()
			.currentTraceContext(ThreadLocalCurrentTraceContext.create())
			.propagationFactory(new W3CPropagation())
			.traceId128Bit(true)
			.sampler(Sampler.ALWAYS_SAMPLE)
			.addSpanHandler(new SpanHandler() {
				@Override
				public boolean end(TraceContext context, MutableSpan span, Cause cause) {
					InMemoryTracing.this.spans.add(span);
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

	public Tracer tracer() {
		return this.tracer;
	}

	public ObservationRegistry registry() {
		return this.registry;
	}

	/** The finished spans, in the order they ended. */
	public List<MutableSpan> spans() {
		return List.copyOf(this.spans);
	}

	/** The finished spans named {@code name} (an observation's contextual name). */
	public List<MutableSpan> spans(String name) {
		return this.spans.stream().filter((span) -> name.equals(span.name())).toList();
	}

}
