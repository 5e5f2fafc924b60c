/**
 * The delivery history in {@code awty_delivery_log}: what finished or failed, when, and why.
 */
@NullMarked
package dev.awty.history;

import org.jspecify.annotations.NullMarked;
