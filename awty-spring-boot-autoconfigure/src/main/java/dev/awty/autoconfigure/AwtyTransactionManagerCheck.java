package dev.awty.autoconfigure;

import java.util.Arrays;
import java.util.List;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.ResourceTransactionManager;
import org.springframework.util.ClassUtils;

import dev.awty.AwtyConfigurationException;
import dev.awty.AwtyDataSource;

/**
 * Fails start-up when the {@code @AwtyDataSource} DataSource has no transaction manager that awty can find: without
 * one, a service's {@code @Transactional} method runs on another DataSource, and its schedules commit apart from
 * its domain changes. Checked once every singleton exists, since a JPA transaction manager is created after the
 * event types it depends on.
 */
final class AwtyTransactionManagerCheck implements SmartInitializingSingleton {

	private static final boolean JPA_PRESENT = ClassUtils.isPresent("org.springframework.orm.jpa.JpaTransactionManager",
			AwtyTransactionManagerCheck.class.getClassLoader());

	private final ListableBeanFactory beanFactory;

	private final AwtyDatabase database;

	AwtyTransactionManagerCheck(ListableBeanFactory beanFactory, AwtyDatabase database) {
		this.beanFactory = beanFactory;
		this.database = database;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.database.qualified()) {
			check();
		}
	}

	private void check() {
		String[] names = this.beanFactory.getBeanNamesForType(PlatformTransactionManager.class);
		List<String> qualified = Arrays.stream(names)
			.filter((name) -> this.beanFactory.findAnnotationOnBean(name, AwtyDataSource.class) != null)
			.toList();
		List<String> candidates = qualified.isEmpty() ? List.of(names) : qualified;
		List<String> managing = candidates.stream().filter(this::managesAwtyDataSource).toList();
		if (managing.size() == 1 && qualified.size() <= 1) {
			return;
		}
		String dataSource = "'" + this.database.beanName() + "'";
		String example = "e.g. @Bean @AwtyDataSource DataSourceTransactionManager awtyTransactionManager("
				+ "@AwtyDataSource DataSource dataSource) { return new DataSourceTransactionManager(dataSource); }";
		if (managing.size() > 1 || qualified.size() > 1) {
			throw new AwtyConfigurationException("The @AwtyDataSource DataSource " + dataSource
					+ " has several transaction managers that awty could use: "
					+ (qualified.size() > 1 ? qualified : managing),
					"Qualify exactly one of them @AwtyDataSource, " + example + ".");
		}
		String found = (names.length == 0) ? "the application has no PlatformTransactionManager"
				: "none of " + describe(candidates) + " manages it";
		throw new AwtyConfigurationException("The @AwtyDataSource DataSource " + dataSource
				+ " has no transaction manager: " + found
				+ ", so a @Transactional method could not schedule in the same transaction as its changes there",
				"Declare a DataSourceTransactionManager (or a JpaTransactionManager) for the @AwtyDataSource bean and"
						+ " qualify it @AwtyDataSource, " + example
						+ ", then use @Transactional(\"awtyTransactionManager\") where you schedule.");
	}

	/** The transaction managers whose transactions hold the given DataSource, by bean name. */
	static List<String> managing(ListableBeanFactory beanFactory, DataSource dataSource) {
		return Arrays.stream(beanFactory.getBeanNamesForType(PlatformTransactionManager.class))
			.filter((name) -> managedDataSource(beanFactory.getBean(name, PlatformTransactionManager.class)) == dataSource)
			.toList();
	}

	private boolean managesAwtyDataSource(String name) {
		return managedDataSource(this.beanFactory.getBean(name, PlatformTransactionManager.class)) == this.database
			.dataSource();
	}

	private List<String> describe(List<String> names) {
		return names.stream().map((name) -> {
			DataSource managed = managedDataSource(this.beanFactory.getBean(name, PlatformTransactionManager.class));
			String of = (managed != null) ? dataSourceName(managed) : null;
			return "'" + name + "'" + ((of != null) ? " (of DataSource '" + of + "')" : "");
		}).toList();
	}

	private @Nullable String dataSourceName(DataSource dataSource) {
		return Arrays.stream(this.beanFactory.getBeanNamesForType(DataSource.class))
			.filter((name) -> this.beanFactory.getBean(name, DataSource.class) == dataSource)
			.findFirst()
			.orElse(null);
	}

	private static @Nullable DataSource managedDataSource(PlatformTransactionManager manager) {
		if (JPA_PRESENT && Jpa.isJpa(manager)) {
			return Jpa.dataSource(manager);
		}
		if (manager instanceof ResourceTransactionManager resource
				&& resource.getResourceFactory() instanceof DataSource dataSource) {
			return dataSource;
		}
		return null;
	}

	/** Loaded only when Spring ORM is on the class path. */
	private static final class Jpa {

		static boolean isJpa(PlatformTransactionManager manager) {
			return manager instanceof JpaTransactionManager;
		}

		static @Nullable DataSource dataSource(PlatformTransactionManager manager) {
			return ((JpaTransactionManager) manager).getDataSource();
		}

	}

}
