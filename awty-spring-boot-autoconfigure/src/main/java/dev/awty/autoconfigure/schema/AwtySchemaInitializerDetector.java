package dev.awty.autoconfigure.schema;

import java.util.Set;

import org.springframework.boot.sql.init.dependency.AbstractBeansOfTypeDatabaseInitializerDetector;
import org.springframework.core.Ordered;

/**
 * Tells Boot that {@link AwtySchemaInitializer} initializes the database, so beans that depend on database
 * initialization wait for it, and places it after the service's migration tool and before its SQL scripts.
 * <p>
 * Boot runs initializers in batches, one per detector in the order of {@link #getOrder()}: Liquibase's at 0,
 * Flyway's migration at 1, {@code spring.sql.init} scripts at {@code LOWEST_PRECEDENCE - 100}. Flyway refuses to
 * migrate a schema that holds tables but no history of its own, so awty must not create its tables first; the
 * service's {@code data.sql} may still insert into them (a recurring schedule to start with), so it comes before
 * the scripts.
 */
public final class AwtySchemaInitializerDetector extends AbstractBeansOfTypeDatabaseInitializerDetector {

	/** After every migration tool Boot knows of, before Boot's SQL scripts. */
	static final int ORDER = Ordered.LOWEST_PRECEDENCE - 200;

	@Override
	protected Set<Class<?>> getDatabaseInitializerBeanTypes() {
		return Set.of(AwtySchemaInitializer.class);
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
