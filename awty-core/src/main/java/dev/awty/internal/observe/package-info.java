/**
 * What the operator sees: each type's backlog read from its table, lag kept in memory, and the overview
 * that the actuator endpoint, the health indicator and the dashboard show.
 */
@NullMarked
package dev.awty.internal.observe;

import org.jspecify.annotations.NullMarked;
