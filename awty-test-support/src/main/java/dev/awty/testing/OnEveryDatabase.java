package dev.awty.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every test of a contract class once on each of H2, PostgreSQL and MariaDB
 * ({@link ContractMatrix#everyDatabase()}); the class takes a {@code Supplier<TestDatabase>} as its one constructor
 * argument, as {@link DatabaseContractTests} does.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ParameterizedClass
@MethodSource("dev.awty.testing.ContractMatrix#everyDatabase")
public @interface OnEveryDatabase {

}
