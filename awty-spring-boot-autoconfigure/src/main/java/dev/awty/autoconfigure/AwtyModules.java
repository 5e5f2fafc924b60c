package dev.awty.autoconfigure;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

import dev.awty.AwtyConfigurationException;

/**
 * The optional modules of awty (awty-jpa, awty-web, awty-micrometer), checked at start-up against what the
 * application uses: a feature switched on whose module is missing fails with the dependency to add; a technology the
 * application has without awty's module for it is logged once, since it works without it but less well.
 */
public final class AwtyModules {

	private static final Log logger = LogFactory.getLog(AwtyModules.class);

	/** A class of {@code awty-web}, which the configurations of the dashboard and the schedule REST API require. */
	public static final String WEB = "dev.awty.internal.dashboard.DashboardRoutes";

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
			logger.warn("awty: the application uses JPA but the awty-jpa module is not on the class path, so awty's "
					+ "statements do not flush the changes JPA still holds and rows saved through JPA wake no poller "
					+ "(they are found at the next poll); add the dependency dev.awty:awty-jpa");
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
