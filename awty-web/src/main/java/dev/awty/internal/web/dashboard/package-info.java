/**
 * The opt-in operator dashboard: a page shipped in the jar and the JSON endpoints it calls under /awty.
 */
@NullMarked
package dev.awty.internal.web.dashboard;

import org.jspecify.annotations.NullMarked;
