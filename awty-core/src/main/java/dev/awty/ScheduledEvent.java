package dev.awty;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a subclass of {@link ScheduledEntity} as an event type: one row of {@link #table()} is one future
 * occurrence, published to {@link #channel()} once it is due.
 * <p>
 * The class's own non-static, non-transient fields map to columns of the same name in snake case
 * ({@code purchaseId} → {@code purchase_id}); the class needs a no-argument constructor of any visibility.
 * Annotated classes are found in the application's auto-configuration packages at start-up, and their
 * tables are validated then.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface ScheduledEvent {

	/**
	 * The table holding the rows, e.g. {@code scheduled_purchase}. It must have the base columns listed on
	 * {@link ScheduledEntity}.
	 */
	String table();

	/**
	 * The name of the Spring Integration channel each due row is published to.
	 */
	String channel();

	/**
	 * The type name used in properties ({@code awty.types.<name>.*}), lock names and the
	 * {@code awty_type} header. Defaults to the table name without a {@code scheduled_} prefix.
	 */
	String name() default "";

}
