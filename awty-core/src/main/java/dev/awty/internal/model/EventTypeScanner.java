package dev.awty.internal.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

import dev.awty.ScheduledEvent;

/**
 * Finds {@code @ScheduledEvent} classes in and below the given packages.
 */
public final class EventTypeScanner {

	private EventTypeScanner() {
	}

	public static List<Class<?>> scan(List<String> basePackages, ClassLoader classLoader) {
		List<Class<?>> classes = new ArrayList<>();
		for (String className : classNames(basePackages)) {
			classes.add(ClassUtils.resolveClassName(className, classLoader));
		}
		return classes;
	}

	/** The names of the classes {@link #scan} finds, without loading them. */
	public static List<String> classNames(List<String> basePackages) {
		ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
		scanner.addIncludeFilter(new AnnotationTypeFilter(ScheduledEvent.class));
		Set<String> classNames = new LinkedHashSet<>();
		for (String basePackage : basePackages) {
			for (BeanDefinition candidate : scanner.findCandidateComponents(basePackage)) {
				classNames.add(candidate.getBeanClassName());
			}
		}
		return List.copyOf(classNames);
	}

}
