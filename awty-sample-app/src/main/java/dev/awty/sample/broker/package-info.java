/**
 * Profiles {@code rabbit} and {@code kafka}: due purchases go through a broker and come back through a
 * listener, as they would to a separate consuming service.
 */
@NullMarked
package dev.awty.sample.broker;

import org.jspecify.annotations.NullMarked;
