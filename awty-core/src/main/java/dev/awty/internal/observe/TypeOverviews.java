package dev.awty.internal.observe;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.jspecify.annotations.Nullable;

import dev.awty.ClaimMode;
import dev.awty.OnDelivered;
import dev.awty.internal.delivery.TypeSettings;
import dev.awty.internal.model.EventType;

/**
 * Each type's settings, backlog and lag in one place, as records for the actuator endpoint and the dashboard
 * (which render them as JSON).
 */
public final class TypeOverviews {

	private final Map<String, TypeInfo> types = new LinkedHashMap<>();

	private final List<SourceInfo> otherSources;

	private final BacklogMonitor backlog;

	private final LagHistory lag;

	private volatile Supplier<Set<String>> paused = Set::of;

	public TypeOverviews(List<TypeInfo> types, BacklogMonitor backlog, LagHistory lag) {
		this(types, List.of(), backlog, lag);
	}

	/**
	 * @param otherSources the sources of the pipeline that are no event type (the recurring schedules): shown like
	 * one, without its rows or actions
	 */
	public TypeOverviews(List<TypeInfo> types, List<SourceInfo> otherSources, BacklogMonitor backlog, LagHistory lag) {
		types.forEach((type) -> this.types.put(type.name(), type));
		this.otherSources = List.copyOf(otherSources);
		this.backlog = backlog;
		this.lag = lag;
	}

	/** Shows each event type as {@code paused} when {@code paused} names it; no statement is run to know. */
	public TypeOverviews showingPaused(Supplier<Set<String>> paused) {
		this.paused = paused;
		return this;
	}

	public Optional<TypeInfo> type(String name) {
		return Optional.ofNullable(this.types.get(name));
	}

	/** The names of the event types, whose rows can be listed and changed. */
	public List<String> names() {
		return List.copyOf(this.types.keySet());
	}

	/** The names of every source shown: the event types, then the other sources. */
	public List<String> sourceNames() {
		List<String> names = new ArrayList<>(this.types.keySet());
		this.otherSources.forEach((source) -> names.add(source.name()));
		return names;
	}

	public BacklogMonitor backlog() {
		return this.backlog;
	}

	public LagHistory lag() {
		return this.lag;
	}

	/**
	 * Every type's overview by name, with figures at most {@link BacklogMonitor#MAX_AGE} old rather than from the last
	 * periodic refresh; concurrent callers share one count.
	 */
	public Map<String, TypeOverview> readNow() {
		Map<String, Backlog> backlogs = this.backlog.recent();
		Set<String> pausedTypes = this.paused.get();
		Map<String, TypeOverview> overview = new LinkedHashMap<>();
		this.types.values().forEach((type) -> overview.put(type.name(),
				describe(type, backlogs.get(type.name()), pausedTypes.contains(type.name()))));
		this.otherSources.forEach((source) -> overview.put(source.name(), describe(source.name(), source.table(),
				source.mode(), source.settings(), backlogs.get(source.name()), null)));
		return overview;
	}

	private TypeOverview describe(TypeInfo type, @Nullable Backlog backlog, boolean paused) {
		TypeSettings settings = type.settings();
		Map<String, Object> configured = new LinkedHashMap<>();
		configured.put("pollInterval", settings.pollInterval().toString());
		configured.put("batchSize", settings.batchSize());
		configured.put("concurrency", settings.concurrency());
		configured.put("lease", settings.lease().toString());
		configured.put("maxAttempts", settings.maxAttempts());
		configured.put("priority", settings.byPriority());
		configured.put("onDelivered", settings.onDelivered().name().toLowerCase());
		return describe(type.name(), type.table(), settings.mode(), configured, backlog, paused);
	}

	private TypeOverview describe(String name, String table, ClaimMode mode, Map<String, Object> settings,
			@Nullable Backlog backlog, @Nullable Boolean paused) {
		long p99 = this.lag.p99LastHour(name);
		return new TypeOverview(table, mode.name().toLowerCase().replace('_', '-'), settings,
				(backlog != null) ? BacklogFigures.of(backlog) : null,
				(backlog != null) ? null : "backlog not read: " + this.backlog.error(), this.lag.countLastHour(name),
				(p99 >= 0) ? p99 : null, paused);
	}

	/**
	 * One type as the actuator endpoint and the dashboard show it, its components in the order of its JSON fields. A
	 * type whose backlog could not be read has {@code error} instead of the backlog's figures; {@code paused} is
	 * there for event types only. Every other field is written, {@code null} included.
	 * @param settings its settings by name, as shown
	 * @param lagP99Millis the 99th percentile of its lag over the last hour, {@code null} before a delivery
	 */
	@JsonInclude(Include.ALWAYS)
	public record TypeOverview(String table, String claimMode, Map<String, Object> settings,
			@JsonUnwrapped @Nullable BacklogFigures backlog, @JsonInclude(Include.NON_NULL) @Nullable String error,
			long publishedLastHourByThisInstance, @Nullable Long lagP99Millis,
			@JsonInclude(Include.NON_NULL) @Nullable Boolean paused) {
	}

	/**
	 * A type's backlog as shown: its rows, and the age of the oldest overdue one as text and in seconds.
	 * @param deliveredLastHour {@code null} when the type deletes delivered rows, so its table cannot tell
	 */
	@JsonInclude(Include.ALWAYS)
	public record BacklogFigures(long pending, long overdue, String oldestOverdue, double oldestOverdueSeconds,
			long failed, @Nullable Long deliveredLastHour, String measuredAt) {

		static BacklogFigures of(Backlog backlog) {
			return new BacklogFigures(backlog.pending(), backlog.overdue(), backlog.oldestOverdue().toString(),
					backlog.oldestOverdue().toMillis() / 1000.0, backlog.failed(), backlog.deliveredLastHour(),
					backlog.measuredAt().toString());
		}

	}

	/**
	 * A source of the pipeline that is no event type, as the operator sees it.
	 * @param table the table it claims from
	 * @param settings its settings by name, as shown
	 */
	public record SourceInfo(String name, String table, ClaimMode mode, Map<String, Object> settings) {

		public SourceInfo {
			settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
		}

	}

	/**
	 * A type as the operator sees it.
	 */
	public record TypeInfo(EventType<?> type, TypeSettings settings) {

		public String name() {
			return this.type.name();
		}

		public String table() {
			return this.type.table();
		}

		public boolean keepsDelivered() {
			return this.settings.onDelivered() != OnDelivered.DELETE;
		}

	}

}
