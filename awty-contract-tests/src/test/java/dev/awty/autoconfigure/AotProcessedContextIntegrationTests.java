package dev.awty.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.aot.test.generate.TestGenerationContext;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration;
import org.springframework.boot.integration.autoconfigure.IntegrationAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.test.tools.CompileWithForkedClassLoader;
import org.springframework.core.test.tools.Compiled;
import org.springframework.core.test.tools.TestCompiler;
import org.springframework.javapoet.ClassName;

import dev.awty.EventScheduler;
import dev.awty.EventStatus;
import dev.awty.handler.EventHandler;
import dev.awty.handler.HandlerOutcome;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.context.PurchaseConsumerConfiguration;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;
import dev.awty.testing.TestDatabases;
import dev.awty.testing.events.purchase.TestPurchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An application processed ahead of time, as {@code spring-boot:process-aot} does for a native image, then started
 * on the JVM from the generated initializer alone: no configuration class is parsed and no condition evaluated.
 * Task scheduling is configured as in a Boot application: without it, Spring Integration declares a scheduler of its
 * own that AOT processing cannot generate code for.
 */
@CompileWithForkedClassLoader
class AotProcessedContextIntegrationTests {

	private final TestDatabase database = TestDatabases.h2();

	@Test
	void contextStartedFromGeneratedCodeDeliversARowOfAnEventClassRecordedAtBuildTimeThroughItsHandler() {
		// The forked class loader loads H2 again, and DriverManager hands a caller only the drivers its own loader
		// sees: when an earlier test in this JVM registered the application loader's H2, this loader's must register.
		org.h2.Driver.load();
		this.database.execute(TestPurchase.TABLE_DDL);
		// A type with a handler keeps the columns of checks.
		this.database.execute("ALTER TABLE scheduled_test_purchase ADD COLUMN first_check_at TIMESTAMP WITH TIME ZONE");
		this.database.execute("ALTER TABLE scheduled_test_purchase ADD COLUMN check_count INT NOT NULL DEFAULT 0");
		String[] properties = this.database.datasourceProperties();
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(AwtyContexts.withAwty(DataSourceAutoConfiguration.class,
					DataSourceTransactionManagerAutoConfiguration.class, TaskSchedulingAutoConfiguration.class,
					IntegrationAutoConfiguration.class)))
			.withUserConfiguration(AotApplication.class)
			.withPropertyValues(properties)
			.prepare((prepared) -> {
				TestGenerationContext generation = new TestGenerationContext();
				ClassName initializer = new ApplicationContextAotGenerator()
					.processAheadOfTime(prepared.getSourceApplicationContext(GenericApplicationContext.class), generation);
				generation.writeGeneratedContent();
				assertThat(RuntimeHintsPredicates.reflection()
					.onConstructorInvocation(TestPurchase.class.getDeclaredConstructor()))
					.accepts(generation.getRuntimeHints());
				TestCompiler.forSystem().with(generation).compile((compiled) -> {
					try (GenericApplicationContext context = new GenericApplicationContext()) {
						TestPropertyValues.of(properties).and("awty.poller.poll-interval=200ms").applyTo(context);
						initializer(compiled, initializer).initialize(context);
						context.refresh();
						assertThat(context.getBean(AwtyEventClasses.class).classNames())
							.containsExactly(TestPurchase.class.getName());
						deliversARow(context);
					}
				});
			});
	}

	@SuppressWarnings("unchecked")
	private static ApplicationContextInitializer<GenericApplicationContext> initializer(Compiled compiled,
			ClassName name) {
		return compiled.getInstance(ApplicationContextInitializer.class, name.reflectionName());
	}

	private static void deliversARow(GenericApplicationContext context) {
		EventScheduler scheduler = context.getBean(EventScheduler.class);
		ReceivedEvents received = context.getBean(ReceivedEvents.class);
		long id = scheduler.schedule(new TestPurchase(7), Instant.now().minusSeconds(1));
		await().atMost(Duration.ofSeconds(10)).until(() -> received.count() == 1);
		assertThat(context.getBean("handledPurchases", AtomicInteger.class)).hasValue(1);
		assertThat(received.all().get(0).message().getPayload()).isInstanceOfSatisfying(TestPurchase.class,
				(purchase) -> assertThat(purchase.getPurchaseId()).isEqualTo(7L));
		await().atMost(Duration.ofSeconds(5))
			.until(() -> scheduler.find(TestPurchase.class, id).orElseThrow().getStatus() == EventStatus.DELIVERED);
	}

	@Configuration(proxyBeanMethods = false)
	@Import(PurchaseConsumerConfiguration.class)
	static class AotApplication {

		@Bean
		ReceivedEvents receivedEvents() {
			return new ReceivedEvents();
		}

		@Bean
		AtomicInteger handledPurchases() {
			return new AtomicInteger();
		}

		/** A lambda matched to its type by the type argument of its method, which the generated code must keep. */
		@Bean
		EventHandler<TestPurchase> purchaseHandler(AtomicInteger handledPurchases) {
			return (row, context) -> {
				handledPurchases.incrementAndGet();
				return HandlerOutcome.publishAndFinish();
			};
		}

	}

}
