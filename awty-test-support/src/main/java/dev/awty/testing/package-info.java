/**
 * What every module's tests share, without a Spring context: the databases and brokers the tests talk to (from
 * {@code AWTY_TEST_*_URL}, Testcontainers or an embedded server), the contract matrix, TCP proxies that cut a
 * connection, a statement recorder and the receivers that count deliveries and duplicates.
 */
@NullMarked
package dev.awty.testing;

import org.jspecify.annotations.NullMarked;
