package dev.awty.autoconfigure;

import java.util.Set;

import org.springframework.boot.sql.init.dependency.AbstractBeansOfTypeDatabaseInitializerDetector;

/**
 * Tells Boot that {@link AwtySchemaInitializer} initializes the database, so beans that depend on database
 * initialization wait for it.
 */
public final class AwtySchemaInitializerDetector extends AbstractBeansOfTypeDatabaseInitializerDetector {

	@Override
	protected Set<Class<?>> getDatabaseInitializerBeanTypes() {
		return Set.of(AwtySchemaInitializer.class);
	}

}
