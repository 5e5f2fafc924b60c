/**
 * The pollers that claim due rows, publish them and record the outcome.
 */
@NullMarked
package dev.awty.internal.delivery;

import org.jspecify.annotations.NullMarked;
