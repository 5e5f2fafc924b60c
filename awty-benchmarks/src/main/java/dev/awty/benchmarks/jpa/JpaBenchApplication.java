package dev.awty.benchmarks.jpa;

import java.util.Map;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.integration.channel.NullChannel;

import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;

/**
 * A service written with Spring Data JPA over the benchmark's tables. Its rows are due far ahead in the
 * reschedule scenario, so its poller has nothing to deliver; its channel discards.
 */
@SpringBootApplication
public class JpaBenchApplication {

	@Bean(JpaBenchEvent.CHANNEL)
	NullChannel jpaBenchChannel() {
		return new NullChannel();
	}

	/** Starts the service on the benchmark's database. */
	public static ConfigurableApplicationContext start(BenchDatabase database) {
		Options options = database.options();
		Map<String, Object> properties = Map.ofEntries(Map.entry("spring.datasource.url", database.url()),
				Map.entry("spring.datasource.username", options.user()),
				Map.entry("spring.datasource.password", options.password()),
				Map.entry("spring.datasource.hikari.maximum-pool-size", options.poolSize()),
				Map.entry("spring.datasource.hikari.pool-name", "awty-jpa"),
				Map.entry("spring.liquibase.enabled", false), Map.entry("spring.main.banner-mode", "off"),
				Map.entry("spring.jmx.enabled", false), Map.entry("logging.level.root", "warn"),
				Map.entry("spring.jpa.hibernate.ddl-auto", "none"), Map.entry("spring.jpa.open-in-view", false),
				Map.entry("awty.instance-id", "bench-jpa"), Map.entry("awty.poller.poll-interval", "1m"));
		return new SpringApplicationBuilder(JpaBenchApplication.class).web(WebApplicationType.NONE)
			.properties(properties)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.run();
	}

}
