package dev.awty.test;

import java.time.Clock;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.awty.dialect.H2Dialect;
import dev.awty.spi.SqlDialect;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code @SpringBootTest} of a suite that has the kit on its class path but does not ask for it keeps the real
 * clock: awty's own dialect, no {@link AwtyTestClock}, no {@link Clock} bean.
 */
@SpringBootTest(classes = AwtyTestClockContractTests.TestApplication.class)
class AwtyTestClockOptInTests {

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		AwtyTestClockContractTests.useDatabase(registry, TestDatabases::h2);
	}

	@Autowired
	ApplicationContext context;

	@Test
	void withoutTheAnnotationAwtyKeepsTheDatabasesRealClock() {
		assertThat(this.context.getBeanNamesForType(AwtyTestClock.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(Clock.class)).isEmpty();
		assertThat(this.context.getBean(SqlDialect.class)).isExactlyInstanceOf(H2Dialect.class);
	}

}
