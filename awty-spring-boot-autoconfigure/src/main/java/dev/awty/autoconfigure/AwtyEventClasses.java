package dev.awty.autoconfigure;

import java.util.List;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.util.ClassUtils;

import dev.awty.internal.model.EventTypeScanner;

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
		return new AwtyEventClasses(List.of(classNames), "when the application was processed ahead of time");
	}

	static AwtyEventClasses scan(BeanFactory beanFactory) {
		List<String> packages = AutoConfigurationPackages.has(beanFactory) ? AutoConfigurationPackages.get(beanFactory)
				: List.of();
		return new AwtyEventClasses(EventTypeScanner.classNames(packages), "in " + packages);
	}

	List<String> classNames() {
		return this.classNames;
	}

	List<Class<?>> load(ClassLoader classLoader) {
		return this.classNames.stream().<Class<?>>map((name) -> ClassUtils.resolveClassName(name, classLoader)).toList();
	}

	/** Where the classes were looked for, for the log. */
	String foundIn() {
		return this.foundIn;
	}

}
