/**
 * Event and handler types as sources of the pipeline: each type's claims, the publishing of its rows or the handler
 * step, and the hand-over of their outcomes to the outcome writer; with the batches held in one transaction.
 */
@NullMarked
package dev.awty.internal.delivery;

import org.jspecify.annotations.NullMarked;
