/**
 * The delivery history in {@code awty_delivery_log}: the entries the pollers write, and the queries of {@code DeliveryHistory}.
 */
@NullMarked
package dev.awty.internal.history;

import org.jspecify.annotations.NullMarked;
