/**
 * How an event type's rows are claimed, held under a lease and released: the claim statements, claim tokens, lease
 * extension, claim limits, and the fenced update every write on a claimed row goes through.
 */
@NullMarked
package dev.awty.internal.claim;

import org.jspecify.annotations.NullMarked;
