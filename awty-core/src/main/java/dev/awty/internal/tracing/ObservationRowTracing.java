package dev.awty.internal.tracing;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.ReceiverContext;
import io.micrometer.observation.transport.SenderContext;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * {@link RowTracing} through Micrometer's Observation API, so it works with whichever tracer bridge (Brave,
 * OpenTelemetry) the application registers: the tracer's propagating handlers inject and extract the context.
 * <ul>
 * <li>{@code awty.schedule} (sender): taken while a row is scheduled, its context is what the row keeps;</li>
 * <li>{@code awty.publish} (receiver): one row's publish, child of the stored context;</li>
 * <li>{@code awty.send} (sender): the outgoing message, child of {@code awty.publish}, its context put into the
 * message headers ({@code traceparent}) for the consumer;</li>
 * <li>{@code awty.handle} (receiver): one handler call, child of the stored context, current while the handler
 * runs; what the handler publishes carries the context of one {@code awty.send}, its child;</li>
 * <li>{@code awty.claim}: one claim of due rows, in no trace of its own rows.</li>
 * </ul>
 * Each carries the low-cardinality key {@code awty.type}; the row-level ones the high-cardinality key
 * {@code awty.row.id}.
 */
public final class ObservationRowTracing implements RowTracing {

	static final String TRACE_PARENT = "traceparent";

	private static final Log logger = LogFactory.getLog(ObservationRowTracing.class);

	private final ObservationRegistry registry;

	private final boolean observeClaims;

	/**
	 * @param observeClaims whether claims are observed too, each in a trace of its own (one per poll, empty ones
	 * included)
	 */
	public ObservationRowTracing(ObservationRegistry registry, boolean observeClaims) {
		this.registry = registry;
		this.observeClaims = observeClaims;
	}

	@Override
	public @Nullable String capture(String typeName) {
		// Outside any observation (a scheduled job, a test) there is no trace to continue: store nothing rather
		// than start a trace per scheduled row.
		if (this.registry.getCurrentObservation() == null) {
			return null;
		}
		SenderContext<Map<String, String>> context = new SenderContext<>(Map::put, Kind.PRODUCER);
		context.setCarrier(new HashMap<>());
		Observation.createNotStarted("awty.schedule", () -> context, this.registry)
			.contextualName("awty schedule " + typeName)
			.lowCardinalityKeyValue("awty.type", typeName)
			.start()
			.stop();
		return TraceParents.storable(context.getCarrier().get(TRACE_PARENT));
	}

	@Override
	public Step publish(String typeName, long rowId, @Nullable String traceParent, Map<String, Object> headers) {
		Observation publish = rowObservation("awty.publish", "awty publish ", typeName, rowId, traceParent).start();
		Observation send = send(typeName, rowId, publish, headers).start();
		return (error) -> {
			if (error != null) {
				send.error(new PublishFailure(error));
				publish.error(new PublishFailure(error));
			}
			try {
				send.stop();
			}
			finally {
				// a handler failing on the send's stop must not leave the publish's observation open
				publish.stop();
			}
		};
	}

	@Override
	public <R> R handle(String typeName, long rowId, @Nullable String traceParent,
			Function<Supplier<Map<String, Object>>, R> handler) {
		Observation handle = rowObservation("awty.handle", "awty handle ", typeName, rowId, traceParent);
		Supplier<Map<String, Object>> outgoing = new Supplier<>() {

			private @Nullable Map<String, Object> headers;

			@Override
			public synchronized Map<String, Object> get() {
				if (this.headers == null) {
					Map<String, Object> carrier = new HashMap<>();
					send(typeName, rowId, handle, carrier).start().stop();
					this.headers = Map.copyOf(carrier);
				}
				return this.headers;
			}

		};
		return handle.observe(() -> handler.apply(outgoing));
	}

	/** An outgoing message of one row, child of {@code parent}: the tracer puts its context into {@code headers}. */
	private Observation send(String typeName, long rowId, Observation parent, Map<String, Object> headers) {
		SenderContext<Map<String, Object>> sending = new SenderContext<>(Map::put, Kind.PRODUCER);
		sending.setCarrier(headers);
		return Observation.createNotStarted("awty.send", () -> sending, this.registry)
			.contextualName("awty send " + typeName)
			.lowCardinalityKeyValue("awty.type", typeName)
			.highCardinalityKeyValue("awty.row.id", String.valueOf(rowId))
			.parentObservation(parent);
	}

	@Override
	public <R> R claim(String typeName, Supplier<R> claim) {
		if (!this.observeClaims) {
			return claim.get();
		}
		return Observation.createNotStarted("awty.claim", this.registry)
			.contextualName("awty claim " + typeName)
			.lowCardinalityKeyValue("awty.type", typeName)
			.observe(claim);
	}

	private Observation rowObservation(String name, String contextualName, String typeName, long rowId,
			@Nullable String traceParent) {
		Map<String, String> carrier = new HashMap<>();
		if (TraceParents.isValid(traceParent)) {
			carrier.put(TRACE_PARENT, traceParent);
		}
		else if (traceParent != null) {
			logger.warn("awty: row " + rowId + " of type '" + typeName + "' has a malformed trace_parent '"
					+ abbreviated(traceParent) + "'; it is delivered in a new trace. A W3C traceparent "
					+ "(00-<32 hex>-<16 hex>-<2 hex>) was expected");
		}
		ReceiverContext<Map<String, String>> context = new ReceiverContext<>(Map::get, Kind.CONSUMER);
		context.setCarrier(carrier);
		return Observation.createNotStarted(name, () -> context, this.registry)
			.contextualName(contextualName + typeName)
			.lowCardinalityKeyValue("awty.type", typeName)
			.highCardinalityKeyValue("awty.row.id", String.valueOf(rowId));
	}

	private static String abbreviated(String value) {
		return (value.length() <= 80) ? value : value.substring(0, 80) + "...";
	}

	/** The error a failed publish is recorded with on its observations. */
	static final class PublishFailure extends RuntimeException {

		PublishFailure(String message) {
			super(message, null, false, false);
		}

	}

}
