/**
 * The broker scenario's parts: the brokers (the running RabbitMQ, a Kafka from a URL or an embedded one), a
 * consumer on each that counts what arrived, the raw template loops and the awty applications bridging to them.
 */
@NullMarked
package dev.awty.benchmarks.broker;

import org.jspecify.annotations.NullMarked;
