package dev.awty;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.beans.factory.annotation.Qualifier;

/**
 * Qualifies the {@link javax.sql.DataSource} that holds awty's tables when the application has more than one, e.g.
 * the scheduled tables on a second database beside the primary one. Every statement of awty (scheduling, claims,
 * locks, history, recurring schedules, its schema initializer and the detection of the database) then uses this
 * DataSource. Without a bean qualified so, awty uses the application's single or {@code @Primary} DataSource.
 * <p>
 * At start-up awty looks for the {@link org.springframework.transaction.PlatformTransactionManager} of this
 * DataSource (a {@code DataSourceTransactionManager} or {@code JpaTransactionManager} whose DataSource it is; one
 * qualified {@code @AwtyDataSource} when there are several) and fails when there is none, since a schedule is only
 * written in the same transaction as a domain change made through that manager. Scheduling inside such a
 * transaction joins it; elsewhere awty commits its writes in transactions of its own on this DataSource.
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE,
		ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Qualifier
public @interface AwtyDataSource {

}
