package dev.awty.autoconfigure.jpa;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.metamodel.EntityType;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.orm.jpa.EntityManagerFactoryInfo;

import dev.awty.AwtyConfigurationException;
import dev.awty.autoconfigure.AwtyDatabase;
import dev.awty.autoconfigure.AwtyEventTypes;

/**
 * Fails start-up when an EntityManagerFactory maps an event class on a DataSource other than awty's. Boot's factory
 * scans the application's packages, where awty finds its event classes too, so an {@code @Entity} event class whose
 * table {@code @AwtyDataSource} puts on a second database is mapped on the primary one: JPA would insert its rows,
 * query them and reload each claimed row there, a database awty does not poll. Checked once every singleton exists,
 * since the factories are created after the event types. A factory whose DataSource Spring cannot tell is not checked.
 */
final class AwtyEntityManagerFactoryCheck implements SmartInitializingSingleton {

	private final ListableBeanFactory beanFactory;

	private final AwtyDatabase database;

	private final AwtyEventTypes eventTypes;

	AwtyEntityManagerFactoryCheck(ListableBeanFactory beanFactory, AwtyDatabase database, AwtyEventTypes eventTypes) {
		this.beanFactory = beanFactory;
		this.database = database;
		this.eventTypes = eventTypes;
	}

	@Override
	public void afterSingletonsInstantiated() {
		Set<Class<?>> eventClasses = this.eventTypes.tables().stream()
			.map((table) -> table.type().entityClass())
			.collect(Collectors.toSet());
		for (String name : this.beanFactory.getBeanNamesForType(EntityManagerFactory.class)) {
			EntityManagerFactory factory = this.beanFactory.getBean(name, EntityManagerFactory.class);
			DataSource dataSource = (factory instanceof EntityManagerFactoryInfo info) ? info.getDataSource() : null;
			if (dataSource == null || target(dataSource) == target(this.database.dataSource())) {
				continue;
			}
			for (EntityType<?> entity : factory.getMetamodel().getEntities()) {
				if (eventClasses.contains(entity.getJavaType())) {
					throw mismatch(entity.getJavaType(), name, dataSource);
				}
			}
		}
	}

	private AwtyConfigurationException mismatch(Class<?> eventClass, String factory, DataSource dataSource) {
		String awtys = "'" + this.database.beanName() + "'";
		String simpleName = eventClass.getSimpleName();
		return new AwtyConfigurationException("awty event class " + eventClass.getName() + " is an @Entity of"
				+ " EntityManagerFactory '" + factory + "' on DataSource " + describe(dataSource) + ", but awty keeps its"
				+ " rows on DataSource " + awtys + (this.database.qualified() ? " (@AwtyDataSource)" : "")
				+ ": JPA would load, insert and query them in a database awty does not poll",
				"Map " + simpleName + " in an EntityManagerFactory on DataSource " + awtys + " only (keep its package"
						+ " out of the ones '" + factory + "' scans, e.g. with @EntityScan), or remove @Entity from "
						+ simpleName + " so that awty maps it without JPA.");
	}

	/** The DataSource's bean name, else what it says of itself. */
	private String describe(DataSource dataSource) {
		return Arrays.stream(this.beanFactory.getBeanNamesForType(DataSource.class))
			.filter((name) -> target(this.beanFactory.getBean(name, DataSource.class)) == target(dataSource))
			.findFirst()
			.map((name) -> "'" + name + "'")
			.orElseGet(() -> "'" + dataSource + "' (not a bean)");
	}

	/** A proxy (lazy connections, transaction-aware) and the DataSource behind it are the same database. */
	private static @Nullable DataSource target(@Nullable DataSource dataSource) {
		DataSource current = dataSource;
		while (current instanceof DelegatingDataSource delegating && delegating.getTargetDataSource() != null) {
			current = delegating.getTargetDataSource();
		}
		return current;
	}

}
