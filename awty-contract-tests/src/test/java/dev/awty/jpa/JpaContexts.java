package dev.awty.jpa;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration;

import dev.awty.jpa.shop.BillingConfiguration;
import dev.awty.testing.context.AwtyContexts;
import dev.awty.testing.ReceivedEvents;
import dev.awty.testing.TestDatabase;

/**
 * Application contexts of a Spring Data JPA service using awty.
 */
public final class JpaContexts {

	private JpaContexts() {
	}

	public static ApplicationContextRunner jpa() {
		return AwtyContexts.runner()
			.withConfiguration(AutoConfigurations.of(HibernateJpaAutoConfiguration.class,
					DataJpaRepositoriesAutoConfiguration.class, TransactionAutoConfiguration.class,
					TransactionManagerCustomizationAutoConfiguration.class))
			.withPropertyValues("spring.jpa.hibernate.ddl-auto=none", "spring.jpa.open-in-view=false");
	}

	/** The billing application on {@code database}, whose tables it creates. */
	static ApplicationContextRunner billing(TestDatabase database, ReceivedEvents received) {
		for (String ddl : BillingConfiguration.DDL) {
			database.execute(ddl);
		}
		return another(database, received);
	}

	/** One more instance of the billing application on {@code database}. */
	static ApplicationContextRunner another(TestDatabase database, ReceivedEvents received) {
		return jpa().withUserConfiguration(BillingConfiguration.class)
			.withBean(ReceivedEvents.class, () -> received)
			.withPropertyValues(database.datasourceProperties());
	}

}
