package dev.awty.autoconfigure;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

import dev.awty.AwtyConfigurationException;

/**
 * The optional modules of awty (awty-jpa, awty-web, awty-micrometer), checked at start-up against what the
 * application uses: a feature switched on whose module is missing, or a technology without which awty would be wrong
 * (JPA without awty-jpa), fails with the dependency to add; a technology that works without awty's module, only less
 * well, is logged once.
 */
public final class AwtyModules {

	private static final Log logger = LogFactory.getLog(AwtyModules.class);

	/** A class of {@code awty-web}, which the configurations of the dashboard and the schedule REST API require. */
	public static final String WEB = "dev.awty.internal.web.dashboard.DashboardRoutes";

	/** A class of {@code awty-jpa}. */
	public static final String JPA = "dev.awty.internal.jpa.JpaEventTypes";

	/** A class of {@code awty-micrometer}. */
	public static final String MICROMETER = "dev.awty.internal.metrics.MicrometerDeliveryObserver";

	private final @Nullable ClassLoader classLoader;

	AwtyModules(@Nullable ClassLoader classLoader) {
		this.classLoader = classLoader;
	}

	void check(Environment environment) {
		requireForProperty(environment, "awty.dashboard.enabled", "awty-web", WEB);
		requireForProperty(environment, "awty.recurring.web.enabled", "awty-web", WEB);
		if (present("jakarta.persistence.EntityManagerFactory") && present("org.springframework.orm.jpa.EntityManagerHolder")
				&& !present(JPA)) {
			// Wrong, not slower: a row scheduled beside repository.save(...) would reach the database before the
			// entity JPA still holds, and break its foreign key on the first request.
			throw new AwtyConfigurationException("the application uses JPA but the awty-jpa module is not on the "
					+ "class path, so awty's statements would not flush what JPA still holds and a row scheduled "
					+ "beside repository.save(...) would break its foreign key",
					"Depend on dev.awty:awty-spring-boot-starter, which brings awty-jpa, or add the dependency "
							+ "dev.awty:awty-jpa (the starter's version) beside dev.awty:awty-spring-boot-autoconfigure.");
		}
		if (present("io.micrometer.core.instrument.MeterRegistry") && !present(MICROMETER)) {
			logger.info("awty: Micrometer is on the class path but the awty-micrometer module is not, so awty's "
					+ "meters are off; add the dependency dev.awty:awty-micrometer to have them");
		}
	}

	private void requireForProperty(Environment environment, String property, String module, String moduleClass) {
		if (environment.getProperty(property, Boolean.class, false) && !present(moduleClass)) {
			throw new AwtyConfigurationException(property + "=true needs the " + module
					+ " module, which is not on the class path",
					"Add the dependency dev.awty:" + module + " (the starter's version), or remove " + property + ".");
		}
	}

	private boolean present(String className) {
		return ClassUtils.isPresent(className, this.classLoader);
	}

}
