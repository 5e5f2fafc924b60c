package dev.awty.autoconfigure.observability;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.annotation.RegisterReflectionForBinding;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

import dev.awty.ScheduledEntity;
import dev.awty.TypePauses;
import dev.awty.internal.observe.TypeOverviews;
import dev.awty.internal.observe.TypeOverviews.TypeOverview;
import dev.awty.repository.ChangeResult;
import dev.awty.repository.EventRepositories;

/**
 * The {@code awty} actuator endpoint: every event type's table, claim mode, settings and backlog, and the recurring
 * schedules' as the type {@code awty_recurring} ({@code GET /actuator/awty}, one type at {@code /actuator/awty/{type}}),
 * and write operations on an event type: {@code POST /actuator/awty/{type}/retry} gives its failed rows a new start,
 * {@code …/pause} stops its delivery on every instance and {@code …/resume} starts it again (see
 * {@link TypePauses}); each is a 404 for {@code awty_recurring}, whose schedules are retried and paused on their own.
 * Figures are at most
 * {@link dev.awty.internal.observe.BacklogMonitor#MAX_AGE} old; an unknown type is a 404. The write operation is off
 * unless {@code management.endpoint.awty.access=unrestricted}: exposed without Spring Security it would be anonymous.
 */
@Endpoint(id = "awty", defaultAccess = Access.READ_ONLY)
@RegisterReflectionForBinding({ AwtyEndpoint.Changed.class, AwtyEndpoint.Retried.class })
public final class AwtyEndpoint {

	private static final List<String> ACTIONS = List.of("retry", "pause", "resume");

	private final TypeOverviews overviews;

	private final EventRepositories repositories;

	private final TypePauses pauses;

	AwtyEndpoint(TypeOverviews overviews, EventRepositories repositories, TypePauses pauses) {
		this.overviews = overviews;
		this.repositories = repositories;
		this.pauses = pauses;
	}

	@ReadOperation
	public Types types() {
		return new Types(this.overviews.readNow());
	}

	@ReadOperation
	public @Nullable TypeOverview type(@Selector String type) {
		return this.overviews.readNow().get(type);
	}

	/** @return what was done, {@code null} (a 404) for an unknown type */
	@WriteOperation
	public @Nullable Object act(@Selector String type, @Selector String action) {
		if (!ACTIONS.contains(action)) {
			throw new InvalidEndpointRequestException("Unknown action '" + action + "'; the actions are " + ACTIONS,
					"Unknown action; use POST /actuator/awty/{type}/retry, /pause or /resume");
		}
		return this.overviews.type(type).map((info) -> switch (action) {
			case "pause" -> new Changed(type, action, this.pauses.pause(type));
			case "resume" -> new Changed(type, action, this.pauses.resume(type));
			default -> new Retried(type, action, retry(info.type().entityClass()).changed());
		}).orElse(null);
	}

	private <T extends ScheduledEntity> ChangeResult retry(Class<T> entityClass) {
		return this.repositories.select(entityClass).retry();
	}

	/** Every type's overview by name. */
	public record Types(Map<String, TypeOverview> types) {
	}

	/** A type paused or resumed: whether that changed anything. */
	public record Changed(String type, String action, boolean changed) {
	}

	/** A type's failed rows retried: how many. */
	public record Retried(String type, String action, int retried) {
	}

}
