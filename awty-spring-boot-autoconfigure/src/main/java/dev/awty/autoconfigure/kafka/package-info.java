/**
 * Kafka: the send results that decide delivery (the {@code awty-kafka} module), and awty's default for Spring Boot's
 * Kafka producer.
 */
@NullMarked
package dev.awty.autoconfigure.kafka;

import org.jspecify.annotations.NullMarked;
