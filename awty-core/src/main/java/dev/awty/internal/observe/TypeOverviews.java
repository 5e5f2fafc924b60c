package dev.awty.internal.observe;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import dev.awty.ClaimMode;
import dev.awty.OnDelivered;
import dev.awty.internal.delivery.TypeSettings;
import dev.awty.internal.model.EventType;

/**
 * Each type's settings, backlog and lag in one place, as plain maps for the actuator endpoint and the
 * dashboard (which render them as JSON).
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
	 * Every type's overview, with figures at most {@link BacklogMonitor#MAX_AGE} old rather than from the last
	 * periodic refresh; concurrent callers share one count.
	 */
	public Map<String, Map<String, @Nullable Object>> readNow() {
		Map<String, Backlog> backlogs = this.backlog.recent();
		Set<String> pausedTypes = this.paused.get();
		Map<String, Map<String, @Nullable Object>> overview = new LinkedHashMap<>();
		this.types.values().forEach((type) -> {
			Map<String, @Nullable Object> described = describe(type, backlogs.get(type.name()));
			described.put("paused", pausedTypes.contains(type.name()));
			overview.put(type.name(), described);
		});
		this.otherSources.forEach((source) -> overview.put(source.name(), describe(source.name(), source.table(),
				source.mode(), source.settings(), backlogs.get(source.name()))));
		return overview;
	}

	private Map<String, @Nullable Object> describe(TypeInfo type, @Nullable Backlog backlog) {
		TypeSettings settings = type.settings();
		Map<String, Object> configured = new LinkedHashMap<>();
		configured.put("pollInterval", settings.pollInterval().toString());
		configured.put("batchSize", settings.batchSize());
		configured.put("concurrency", settings.concurrency());
		configured.put("lease", settings.lease().toString());
		configured.put("maxAttempts", settings.maxAttempts());
		configured.put("priority", settings.byPriority());
		configured.put("onDelivered", settings.onDelivered().name().toLowerCase());
		return describe(type.name(), type.table(), settings.mode(), configured, backlog);
	}

	private Map<String, @Nullable Object> describe(String name, String table, ClaimMode mode,
			Map<String, Object> settings, @Nullable Backlog backlog) {
		Map<String, @Nullable Object> described = new LinkedHashMap<>();
		described.put("table", table);
		described.put("claimMode", mode.name().toLowerCase().replace('_', '-'));
		described.put("settings", settings);
		if (backlog != null) {
			described.put("pending", backlog.pending());
			described.put("overdue", backlog.overdue());
			described.put("oldestOverdue", backlog.oldestOverdue().toString());
			described.put("oldestOverdueSeconds", backlog.oldestOverdue().toMillis() / 1000.0);
			described.put("failed", backlog.failed());
			described.put("deliveredLastHour", backlog.deliveredLastHour());
			described.put("measuredAt", backlog.measuredAt().toString());
		}
		else {
			described.put("error", "backlog not read: " + this.backlog.error());
		}
		described.put("publishedLastHourByThisInstance", this.lag.countLastHour(name));
		long p99 = this.lag.p99LastHour(name);
		described.put("lagP99Millis", (p99 >= 0) ? p99 : null);
		return described;
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
