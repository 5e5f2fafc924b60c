package dev.awty.test;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

import dev.awty.autoconfigure.AwtyAutoConfiguration;
import dev.awty.autoconfigure.AwtyDatabase;
import dev.awty.autoconfigure.AwtyEventTypes;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.spi.PollerWakeUps;
import dev.awty.spi.SqlDialect;

/**
 * The movable clock of {@code awty-test}: a {@code @Primary} {@link Clock}, awty's dialect with its "now" moved by
 * the same offset, and the {@link AwtyTestClock} that moves both. Imported only by a test class annotated
 * {@link AutoConfigureAwtyTestClock}, and active only where that context is a Spring Boot test's ({@code @SpringBootTest}
 * and the test slices mark their contexts with the bootstrapper's property): an application that ships the artifact
 * by mistake still runs on the real clock.
 */
// after awty: the Clock bean is looked up when awty's beans are created, whatever the order of the definitions
@AutoConfiguration(after = AwtyAutoConfiguration.class)
@ConditionalOnClass(AwtyAutoConfiguration.class)
@ConditionalOnBean(AwtyEventTypes.class)
@ConditionalOnProperty(name = AwtyTestAutoConfiguration.SPRING_BOOT_TEST_MARKER, havingValue = "true")
@ConditionalOnBooleanProperty(name = "awty.enabled", matchIfMissing = true)
public final class AwtyTestAutoConfiguration {

	/** The property Spring Boot's test context bootstrapper sets in every context it creates. */
	static final String SPRING_BOOT_TEST_MARKER = "org.springframework.boot.test.context.SpringBootTestContextBootstrapper";

	@Bean
	ClockOffset awtyTestClockOffset(AwtyDatabase database) {
		return new ClockOffset(database.dataSource());
	}

	@Bean
	@Primary
	MovableClock awtyTestMovableClock(ClockOffset offset) {
		MovableClock clock = new MovableClock(Clock.systemUTC());
		// another context of the suite on this database may have moved it already: start where it is
		clock.setOffset(offset.read());
		return clock;
	}

	/** Moves the "now" of awty's dialect, whichever dialect the application has (detected or its own bean). */
	@Bean
	static BeanPostProcessor awtyTestShiftedDialect(ObjectProvider<ClockOffset> offset) {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof SqlDialect dialect && !(bean instanceof ShiftedNowDialect)) {
					offset.getObject(); // the table exists before any statement reads it
					return new ShiftedNowDialect(dialect, ClockOffset.EXPRESSION);
				}
				return bean;
			}
		};
	}

	@Bean
	AwtyTestClock awtyTestClock(MovableClock clock, ClockOffset offset, PollerWakeUps wakeUps, SqlDialect dialect,
			AwtyEventTypes eventTypes, AwtyDatabase database, ObjectProvider<RecurringSchedules> schedules) {
		DueWork due = new DueWork(database.dataSource(), dialect, eventTypes.tablesByName(), schedules.getIfAvailable() != null);
		return new AwtyTestClock(clock, offset, wakeUps, due);
	}

}
