package dev.awty.testing.context;

import java.util.ArrayList;
import java.util.List;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.integration.autoconfigure.IntegrationAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import dev.awty.testing.TestDatabase;
import dev.awty.testing.ReceivedEvents;
import dev.awty.autoconfigure.AwtyAutoConfiguration;
import dev.awty.autoconfigure.jpa.AwtyJpaConfiguration;
import dev.awty.autoconfigure.kafka.AwtyKafkaAcknowledgementConfiguration;
import dev.awty.autoconfigure.kafka.AwtyKafkaProducerConfiguration;
import dev.awty.autoconfigure.recurring.AwtyRecurringConfiguration;
import dev.awty.autoconfigure.web.AwtyRecurringWebConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Application context runners wired like a Boot application that uses the starter.
 */
public final class AwtyContexts {

	private AwtyContexts() {
	}

	public static ApplicationContextRunner runner() {
		return new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(withAwty(
				DataSourceAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
				IntegrationAutoConfiguration.class)));
	}

	/**
	 * {@code others} and the auto-configurations of awty's delivery that an application with the starter gets (not
	 * the observability and dashboard ones, which tests add where they look at them).
	 */
	public static Class<?>[] withAwty(Class<?>... others) {
		List<Class<?>> all = new ArrayList<>(List.of(others));
		all.addAll(List.of(AwtyAutoConfiguration.class, AwtyJpaConfiguration.class,
				AwtyKafkaAcknowledgementConfiguration.class, AwtyKafkaProducerConfiguration.class, AwtyRecurringConfiguration.class,
				AwtyRecurringWebConfiguration.class));
		return all.toArray(Class<?>[]::new);
	}

	/** A servlet web application on {@code database} with the event types and consumer of {@code configuration}. */
	public static WebApplicationContextRunner webConsuming(Class<?> configuration, TestDatabase database,
			ReceivedEvents received) {
		return new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(withAwty(DataSourceAutoConfiguration.class,
					DataSourceTransactionManagerAutoConfiguration.class, IntegrationAutoConfiguration.class)))
			.withUserConfiguration(configuration)
			.withBean(ReceivedEvents.class, () -> received)
			.withPropertyValues(database.datasourceProperties());
	}

	/** A shop-like application on {@code database} consuming {@link dev.awty.testing.events.purchase.TestPurchase}. */
	public static ApplicationContextRunner purchases(TestDatabase database, ReceivedEvents received) {
		return consuming(PurchaseConsumerConfiguration.class, database, received);
	}

	/**
	 * Runs {@code body} while {@code count} instances of {@code runner}'s application are up, each with its own
	 * {@code awty.instance-id}, failing if one does not start.
	 */
	public static void withInstances(ApplicationContextRunner runner, int count, ThrowingCallable body) {
		if (count == 0) {
			try {
				body.call();
			}
			catch (Throwable ex) {
				throw (ex instanceof RuntimeException runtime) ? runtime : new IllegalStateException(ex);
			}
			return;
		}
		runner.withPropertyValues("awty.instance-id=instance-" + count).run((context) -> {
			assertThat(context).hasNotFailed();
			withInstances(runner, count - 1, body);
		});
	}

	/** An application on {@code database} with the event types and consumer of {@code configuration}. */
	public static ApplicationContextRunner consuming(Class<?> configuration, TestDatabase database,
			ReceivedEvents received) {
		return runner().withUserConfiguration(configuration)
			.withBean(ReceivedEvents.class, () -> received)
			.withPropertyValues(database.datasourceProperties());
	}

}
