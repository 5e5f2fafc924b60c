/**
 * Backlog, lag and meters of every type, the {@code awty} actuator endpoint and the health indicator, when Micrometer
 * or the actuator is present.
 */
@NullMarked
package dev.awty.autoconfigure.observability;

import org.jspecify.annotations.NullMarked;
