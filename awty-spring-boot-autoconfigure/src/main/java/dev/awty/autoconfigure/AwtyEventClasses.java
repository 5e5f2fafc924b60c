package dev.awty.autoconfigure;

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.util.ClassUtils;

import dev.awty.AwtyConfigurationException;
import dev.awty.internal.model.EventTypeFactory;
import dev.awty.internal.model.EventTypeScanner;
import dev.awty.spi.SqlDialect;

/**
 * The names of the application's {@code @ScheduledEvent} classes: scanned from its auto-configuration packages at
 * start-up, or recorded when the application was processed ahead of time, since a native image cannot scan its class
 * path. Public only for the code that AOT processing generates; not an API.
 */
public final class AwtyEventClasses {

	/** The name of the bean that AOT-generated code registers. */
	static final String BEAN_NAME = "awtyEventClasses";

	private final List<String> classNames;

	private final String foundIn;

	private AwtyEventClasses(List<String> classNames, String foundIn) {
		this.classNames = List.copyOf(classNames);
		this.foundIn = foundIn;
	}

	/** The classes found when the application was processed ahead of time, by their binary names. */
	public static AwtyEventClasses recorded(String... classNames) {
		for (String name : classNames) {
			if (name == null || name.isBlank()) {
				throw new IllegalArgumentException("AwtyEventClasses.recorded(...) was given an empty class name: it is"
						+ " called by the code process-aot generates; process the application again instead of editing"
						+ " that code.");
			}
		}
		return new AwtyEventClasses(List.of(classNames), "when the application was processed ahead of time");
	}

	static AwtyEventClasses scan(BeanFactory beanFactory) {
		List<String> packages = AutoConfigurationPackages.has(beanFactory) ? AutoConfigurationPackages.get(beanFactory)
				: List.of();
		return new AwtyEventClasses(EventTypeScanner.classNames(packages), "in " + packages);
	}

	/**
	 * Checks what awty can check of the application's event classes without reading their tables, their JPA mapping
	 * among it, and fails as the {@code awtyEventTypes} bean would. For a bean that must not wait for the database's
	 * initialization: an EntityManagerFactory that is itself an initializer. Public for awty's JPA wiring; not an API.
	 * @return the names of the classes checked
	 */
	public static List<String> checkWithoutTables(BeanFactory beanFactory, @Nullable ClassLoader classLoader,
			SqlDialect dialect) {
		AwtyEventClasses classes = beanFactory.getBeanProvider(AwtyEventClasses.class)
			.getIfAvailable(() -> scan(beanFactory));
		EventTypeFactory factory = new EventTypeFactory(dialect);
		classes.load(classLoader).forEach(factory::create);
		return classes.classNames();
	}

	List<String> classNames() {
		return this.classNames;
	}

	List<Class<?>> load(@Nullable ClassLoader classLoader) {
		return this.classNames.stream().<Class<?>>map((name) -> load(name, classLoader)).toList();
	}

	private Class<?> load(String name, @Nullable ClassLoader classLoader) {
		if (!ClassUtils.isPresent(name, classLoader)) {
			// Only a recorded name can be missing: the classes changed after the application was processed.
			throw new AwtyConfigurationException("@ScheduledEvent class " + name + ", found " + this.foundIn
					+ ", is not on the class path",
					"Process the application ahead of time again (spring-boot:process-aot, or the native build) after"
							+ " renaming, moving or deleting event classes.");
		}
		return ClassUtils.resolveClassName(name, classLoader);
	}

	/** Where the classes were looked for, for the log. */
	String foundIn() {
		return this.foundIn;
	}

}
