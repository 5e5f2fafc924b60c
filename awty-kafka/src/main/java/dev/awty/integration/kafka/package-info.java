/**
 * Lets Kafka's send results decide whether a row counts as delivered.
 */
@NullMarked
package dev.awty.integration.kafka;

import org.jspecify.annotations.NullMarked;
