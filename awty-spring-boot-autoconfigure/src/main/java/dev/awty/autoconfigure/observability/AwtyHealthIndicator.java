package dev.awty.autoconfigure.observability;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.springframework.aot.hint.annotation.RegisterReflectionForBinding;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import dev.awty.internal.observe.Backlog;
import dev.awty.internal.observe.BacklogMonitor;

/**
 * {@code DOWN} when the oldest overdue row of any type has been due longer than
 * {@code awty.health.max-overdue}, naming those types in {@code behind}, or when a poller died, naming it in
 * {@code deadPollers}; {@code UNKNOWN} until the backlog has been read once. A type an operator paused is named in
 * {@code paused} and never counts as behind: its rows are overdue on purpose. Reads the backlog of the last refresh, never the tables.
 */
@RegisterReflectionForBinding(AwtyHealthIndicator.TypeBacklog.class)
public final class AwtyHealthIndicator implements HealthIndicator {

	private final BacklogMonitor monitor;

	private final Duration maxOverdue;

	private final Supplier<List<String>> deadPollers;

	private final Supplier<Set<String>> paused;

	/**
	 * @param deadPollers names the pollers that died (no cycle running or scheduled while started)
	 * @param paused names the types an operator paused, from memory
	 */
	AwtyHealthIndicator(BacklogMonitor monitor, Duration maxOverdue, Supplier<List<String>> deadPollers,
			Supplier<Set<String>> paused) {
		this.monitor = monitor;
		this.maxOverdue = maxOverdue;
		this.deadPollers = deadPollers;
		this.paused = paused;
	}

	@Override
	public Health health() {
		List<String> dead = this.deadPollers.get();
		if (!dead.isEmpty()) {
			return Health.down().withDetail("deadPollers", dead).build();
		}
		Map<String, Backlog> backlogs = this.monitor.current();
		String error = this.monitor.error();
		if (backlogs.isEmpty()) {
			return Health.unknown().withDetail("reason", (error != null) ? error : "backlog not read yet").build();
		}
		Set<String> pausedTypes = this.paused.get();
		List<String> behind = backlogs.values().stream()
			.filter((backlog) -> !pausedTypes.contains(backlog.type()) && backlog.behindBy(this.maxOverdue))
			.map(Backlog::type).sorted().toList();
		Health.Builder health = behind.isEmpty() ? Health.up() : Health.down().withDetail("behind", behind);
		if (!pausedTypes.isEmpty()) {
			health.withDetail("paused", pausedTypes.stream().sorted().toList());
		}
		health.withDetail("maxOverdue", this.maxOverdue.toString());
		Map<String, TypeBacklog> types = new LinkedHashMap<>();
		backlogs.values().forEach((backlog) -> types.put(backlog.type(), new TypeBacklog(backlog.pending(),
				backlog.overdue(), backlog.oldestOverdue().toString())));
		health.withDetail("types", types);
		if (error != null) {
			health.withDetail("lastReadError", error);
		}
		return health.build();
	}

	/** A type's backlog in the {@code types} detail. */
	public record TypeBacklog(long pending, long overdue, String oldestOverdue) {
	}

}
