/**
 * awty in a Spring Data JPA service: flushing the transaction's entity managers before awty's statements,
 * loading JPA-mapped payloads, waking pollers for rows JPA inserted, and the {@code ScheduledEvents}
 * repository fragment.
 */
@NullMarked
package dev.awty.internal.jpa;

import org.jspecify.annotations.NullMarked;
