package dev.awty.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.BindingReflectionHintsRegistrar;

import dev.awty.ScheduledEntity;
import dev.awty.history.DeliveryRecord;
import dev.awty.history.OutcomeCount;
import dev.awty.internal.observe.Backlog;
import dev.awty.internal.observe.LagHistory;
import dev.awty.internal.observe.TypeOverviews;
import dev.awty.recurring.RecurringSchedule;
import dev.awty.recurring.ScheduleDefinition;
import dev.awty.recurring.ScheduleVersion;

/**
 * What a native image of an application using awty must keep: the starter's changelog, the
 * fields that map the base columns, and the records awty turns to and from JSON. The application's own event classes
 * are added by {@link AwtyEventClassesAotProcessor}, which finds them at build time.
 */
final class AwtyRuntimeHints implements RuntimeHintsRegistrar {

	private static final BindingReflectionHintsRegistrar bindings = new BindingReflectionHintsRegistrar();

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		// The changelog the schema initializer runs and the failure analyzer quotes, and any schema file beside it.
		hints.resources().registerPattern("dev/awty/schema/*");
		hints.reflection().registerType(ScheduledEntity.class, MemberCategory.ACCESS_DECLARED_FIELDS);
		// Dashboard, actuator endpoint and REST answers; awty-web registers its own request types.
		bindings.registerReflectionHints(hints.reflection(), DeliveryRecord.class, OutcomeCount.class, Backlog.class,
				LagHistory.LagPoint.class, RecurringSchedule.class, ScheduleDefinition.class, ScheduleVersion.class,
				TypeOverviews.TypeOverview.class, TypeOverviews.BacklogFigures.class);
	}

	/**
	 * Keeps what awty reflects on in an event class: its fields in the whole hierarchy (columns and JPA mappings),
	 * its no-argument constructor, and its properties, since brokers usually carry the payload as JSON.
	 */
	static void registerEventClass(RuntimeHints hints, Class<?> eventClass) {
		for (Class<?> type = eventClass; type != null && type != Object.class; type = type.getSuperclass()) {
			hints.reflection().registerType(type, MemberCategory.ACCESS_DECLARED_FIELDS);
		}
		hints.reflection().registerType(eventClass, MemberCategory.INVOKE_DECLARED_CONSTRUCTORS);
		bindings.registerReflectionHints(hints.reflection(), eventClass);
	}

}
