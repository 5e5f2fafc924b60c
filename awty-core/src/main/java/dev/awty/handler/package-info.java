/**
 * Handlers that decide at due time what a row of an event type does: publish and finish, check again later,
 * or finish silently.
 */
@NullMarked
package dev.awty.handler;

import org.jspecify.annotations.NullMarked;
