package dev.awty.internal.tracing;

import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * What the delivery pipeline asks of tracing, in awty's own terms so that the classes using it load without
 * Micrometer on the class path. {@link #NONE} when the application has no tracer: nothing is stored, read or
 * observed.
 */
public interface RowTracing {

	/** No tracing: rows are scheduled and published exactly as without this feature. */
	RowTracing NONE = new RowTracing() {

		@Override
		public @Nullable String capture(String typeName) {
			return null;
		}

		@Override
		public Step publish(String typeName, long rowId, @Nullable String traceParent, Map<String, Object> headers) {
			return Step.NONE;
		}

		@Override
		public <R> R handle(String typeName, long rowId, @Nullable String traceParent,
				Function<Supplier<Map<String, Object>>, R> handler) {
			return handler.apply(Map::of);
		}

		@Override
		public <R> R claim(String typeName, Supplier<R> claim) {
			return claim.get();
		}

	};

	/**
	 * The W3C {@code traceparent} of the code scheduling a row of {@code typeName} now, to store with the row;
	 * {@code null} when that code runs in no trace.
	 */
	@Nullable String capture(String typeName);

	/**
	 * Starts the observation of publishing one row, continuing the trace stored with it (a new trace when none
	 * or a malformed one was stored), and puts the context into {@code headers} for the message's consumers.
	 */
	Step publish(String typeName, long rowId, @Nullable String traceParent, Map<String, Object> headers);

	/**
	 * Runs {@code handler} for one row inside an observation that continues the trace stored with the row. The
	 * handler is given the headers that carry the trace to the messages it publishes, made on first use.
	 */
	<R> R handle(String typeName, long rowId, @Nullable String traceParent,
			Function<Supplier<Map<String, Object>>, R> handler);

	/** Runs one claim of {@code typeName}'s due rows inside an observation. */
	<R> R claim(String typeName, Supplier<R> claim);

	/** A started observation, ended once its outcome is known. */
	interface Step {

		Step NONE = (error) -> {
		};

		/** Ends the observation, as failed when {@code error} is not {@code null}. */
		void end(@Nullable String error);

	}

}
