/**
 * awty run as a Spring Boot application with the starter's auto-configuration.
 */
@NullMarked
package dev.awty.benchmarks.awty;

import org.jspecify.annotations.NullMarked;
