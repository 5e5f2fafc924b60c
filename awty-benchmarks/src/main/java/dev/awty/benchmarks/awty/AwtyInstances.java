package dev.awty.benchmarks.awty;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.Lifecycle;

import dev.awty.ClaimMode;
import dev.awty.EventScheduler;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.repository.EventRepositories;

/**
 * One or more awty instances in this JVM, each a Spring Boot application context with its own pool,
 * delivering to one {@link Receiver}.
 */
public final class AwtyInstances implements AutoCloseable {

	private static final String POLLERS = "awtyDeliveryPollers";

	private static final Log logger = LogFactory.getLog(AwtyInstances.class);

	private final List<ConfigurableApplicationContext> contexts = new ArrayList<>();

	/** The tracer of a traced instance, whose span count is logged on close. */
	private @Nullable BenchTracing tracing;

	private AwtyInstances() {
	}

	/**
	 * Starts {@code count} instances claiming in {@code mode}, each with the benchmark's pool size, worker count,
	 * batch size and poll interval.
	 */
	public static AwtyInstances start(BenchDatabase database, ClaimMode mode, int count, Receiver receiver) {
		return start(database, mode, count, receiver, "bench-", Map.of());
	}

	/**
	 * Starts {@code count} instances named {@code idPrefix} and a number, with {@code extra} properties over the
	 * benchmark's. Each connection carries {@code ApplicationName} {@code awty-<instance id>}, so the chaos
	 * scenarios can find awty's backends in {@code pg_stat_activity}.
	 */
	public static AwtyInstances start(BenchDatabase database, ClaimMode mode, int count, Receiver receiver,
			String idPrefix, Map<String, Object> extra) {
		return start(AwtyBenchApplication.class, database, mode, count, receiver, idPrefix, extra);
	}

	/**
	 * Starts one skip-locked instance with a tracer (see {@link BenchTracing}): its rows continue the trace stored
	 * in their {@code trace_parent} column, with awty's publish and claim spans.
	 */
	public static AwtyInstances startTraced(BenchDatabase database, Receiver receiver) {
		AwtyInstances instances = new AwtyInstances();
		BenchTracing tracing = new BenchTracing();
		instances.tracing = tracing;
		instances.contexts.add(application(AwtyBenchApplication.class, database, ClaimMode.SKIP_LOCKED, "bench-1",
				receiver, Map.of())
			.initializers((context) -> {
				context.getBeanFactory().registerSingleton("benchObservationRegistry", tracing.registry());
				context.getBeanFactory().registerSingleton("benchTracer", tracing.tracer());
			})
			.run());
		return instances;
	}

	/**
	 * Starts one skip-locked instance whose recurring schedules' occurrences go to {@code occurrences}, with
	 * {@code extra} properties over the benchmark's.
	 */
	public static AwtyInstances startRecurring(BenchDatabase database, Receiver receiver, OccurrenceSink occurrences,
			Map<String, Object> extra) {
		AwtyInstances instances = new AwtyInstances();
		instances.contexts.add(application(AwtyBenchApplication.class, database, ClaimMode.SKIP_LOCKED, "bench-1",
				receiver, extra)
			.initializers((context) -> context.getBeanFactory().registerSingleton("benchOccurrences", occurrences))
			.run());
		return instances;
	}

	/**
	 * Starts {@code count} instances of {@code application} (the broker scenario's bridges in place of the
	 * in-process consumer), as {@link #start(BenchDatabase, ClaimMode, int, Receiver, String, Map)} does.
	 */
	public static AwtyInstances start(Class<?> application, BenchDatabase database, ClaimMode mode, int count,
			Receiver receiver, String idPrefix, Map<String, Object> extra) {
		AwtyInstances instances = new AwtyInstances();
		try {
			for (int i = 1; i <= count; i++) {
				instances.contexts.add(application(application, database, mode, idPrefix + i, receiver, extra).run());
			}
		}
		catch (RuntimeException ex) {
			instances.close();
			throw ex;
		}
		return instances;
	}

	private static SpringApplicationBuilder application(Class<?> application, BenchDatabase database, ClaimMode mode,
			String instanceId, Receiver receiver, Map<String, Object> extra) {
		Options options = database.options();
		Map<String, Object> properties = new HashMap<>(Map.ofEntries(
				Map.entry("spring.datasource.url", database.url() + "&ApplicationName=awty-" + instanceId),
				Map.entry("spring.datasource.username", options.user()),
				Map.entry("spring.datasource.password", options.password()),
				Map.entry("spring.datasource.hikari.maximum-pool-size", options.poolSize()),
				Map.entry("spring.datasource.hikari.minimum-idle", options.poolSize()),
				Map.entry("spring.datasource.hikari.pool-name", "awty-" + instanceId),
				Map.entry("spring.liquibase.enabled", false), Map.entry("spring.main.banner-mode", "off"),
				Map.entry("spring.jmx.enabled", false), Map.entry("logging.level.root", "warn"),
				Map.entry("awty.instance-id", instanceId),
				Map.entry("awty.claim.mode", (mode == ClaimMode.LEADER) ? "leader" : "skip-locked"),
				Map.entry("awty.poller.concurrency", options.threads()),
				Map.entry("awty.poller.batch-size", options.batchSize()),
				Map.entry("awty.poller.poll-interval", options.pollInterval().toMillis() + "ms")));
		properties.putAll(extra);
		return new SpringApplicationBuilder(application).web(WebApplicationType.NONE)
			.properties(properties)
			.initializers((context) -> context.getBeanFactory().registerSingleton("benchReceiver", receiver))
			.logStartupInfo(false)
			.registerShutdownHook(false);
	}

	public EventScheduler scheduler() {
		return this.contexts.get(0).getBean(EventScheduler.class);
	}

	/**
	 * Stops the delivery pollers of instance {@code index}, which keeps scheduling: a producer only, so that a
	 * scenario's other replicas share the delivery evenly (the scheduling instance otherwise wakes first). The
	 * pollers are the lifecycle bean {@value #POLLERS} of awty's auto-configuration.
	 */
	public void stopDelivery(int index) {
		this.contexts.get(index).getBean(POLLERS, Lifecycle.class).stop();
	}

	/** The pool of instance {@code index} (from 0), for the chaos scenario that exhausts it. */
	public DataSource dataSource(int index) {
		return this.contexts.get(index).getBean(DataSource.class);
	}

	/** The bean of {@code type} in the first instance, for a scenario that works on awty's internals directly. */
	public <T> T bean(Class<T> type) {
		return this.contexts.get(0).getBean(type);
	}

	public RecurringSchedules recurringSchedules() {
		return this.contexts.get(0).getBean(RecurringSchedules.class);
	}

	public EventRepositories repositories() {
		return this.contexts.get(0).getBean(EventRepositories.class);
	}

	@Override
	public void close() {
		this.contexts.forEach((context) -> SpringApplication.exit(context));
		this.contexts.clear();
		if (this.tracing != null) {
			logger.info(String.format("traced instance recorded %,d span(s)", this.tracing.spans()));
		}
	}

}
