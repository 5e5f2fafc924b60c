/**
 * Micrometer meters of the pollers and the backlog, used only when the application has a MeterRegistry.
 */
@NullMarked
package dev.awty.internal.metrics;

import org.jspecify.annotations.NullMarked;
