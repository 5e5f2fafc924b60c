package dev.awty.autoconfigure;

import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.AwtyConfigurationException;
import dev.awty.autoconfigure.properties.AwtyProperties;
import dev.awty.internal.model.Identifiers;
import dev.awty.internal.model.SchemaValidator;
import dev.awty.spi.SqlDialect;

/**
 * The ShedLock provider behind leader mode, chosen by {@code awty.lock.provider}, unless the application
 * defines its own {@link LockProvider}.
 */
final class AwtyLockConfigurations {

	private static final String PROVIDER = "awty.lock.provider";

	private AwtyLockConfigurations() {
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = PROVIDER, havingValue = "jdbc", matchIfMissing = true)
	static class Jdbc {

		@Bean
		@ConditionalOnMissingBean
		@DependsOnDatabaseInitialization
		LockProvider awtyLockProvider(AwtyDatabase database, SqlDialect dialect, AwtyProperties properties,
				AwtyInstance instance) {
			String table = Identifiers.requireValid(properties.getLock().getTableName(), "awty.lock.table-name");
			new SchemaValidator(database.dataSource(), dialect).requireLockTable(table);
			// The instance id, not the host name ShedLock defaults to: processes sharing a host must not
			// release each other's locks.
			return new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder()
				.withJdbcTemplate(new JdbcTemplate(database.dataSource()))
				.withTableName(table)
				.withLockedByValue(instance.id())
				.usingDbTime()
				.build());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = PROVIDER, havingValue = "redis")
	@ConditionalOnClass({ RedisLockProvider.class, RedisConnectionFactory.class })
	static class Redis {

		@Bean
		@ConditionalOnMissingBean
		LockProvider awtyLockProvider(ObjectProvider<RedisConnectionFactory> connectionFactory) {
			RedisConnectionFactory redis = connectionFactory.getIfUnique();
			if (redis == null) {
				throw new AwtyConfigurationException(PROVIDER + "=redis, but the application has no single RedisConnectionFactory",
						"Add spring-boot-starter-data-redis and point spring.data.redis.* at your Redis, or set "
								+ PROVIDER + "=jdbc.");
			}
			return new RedisLockProvider(redis, "awty");
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = PROVIDER, havingValue = "redis")
	@ConditionalOnMissingClass("net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider")
	static class RedisMissing {

		@Bean
		@ConditionalOnMissingBean
		LockProvider awtyLockProvider() {
			throw new AwtyConfigurationException(PROVIDER + "=redis, but ShedLock's Redis provider is not on the classpath",
					"Add net.javacrumbs.shedlock:shedlock-provider-redis-spring and spring-boot-starter-data-redis,"
							+ " or set " + PROVIDER + "=jdbc.");
		}

	}

}
