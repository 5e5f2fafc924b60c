/**
 * Lets RabbitMQ's publisher confirms and returns decide whether a row counts as delivered.
 */
@NullMarked
package dev.awty.integration.amqp;

import org.jspecify.annotations.NullMarked;
