/**
 * Turns {@code awty.*} properties into the settings of each event type, handler, limit, broker route and the recurring
 * source, through one resolver that words every start-up failure.
 */
@NullMarked
package dev.awty.autoconfigure.settings;

import org.jspecify.annotations.NullMarked;
