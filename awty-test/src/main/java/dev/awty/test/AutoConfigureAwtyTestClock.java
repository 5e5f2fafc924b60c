package dev.awty.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Gives a {@code @SpringBootTest} awty's movable clock: an {@link AwtyTestClock} to advance, a {@code @Primary}
 * {@link java.time.Clock} for the application, and awty's "now" moved with it. Opt-in per test class, as
 * {@code @AutoConfigureMockMvc} is: the other tests of a suite keep the database's real clock and awty's statements
 * as they run in production.
 * <pre class="code">
 * &#64;SpringBootTest
 * &#64;AutoConfigureAwtyTestClock
 * class ReleaseDayTests {
 *     &#64;Autowired AwtyTestClock time;
 *     ...
 *     time.advanceAndDeliver(Duration.ofDays(3));
 * </pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration(AwtyTestAutoConfiguration.class)
public @interface AutoConfigureAwtyTestClock {

}
