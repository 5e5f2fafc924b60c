/**
 * Failure analyzers: a start-up failure of awty says what was wrong and what to add or change.
 */
@NullMarked
package dev.awty.autoconfigure.diagnostics;

import org.jspecify.annotations.NullMarked;
