/**
 * awty in an application with JPA (the {@code awty-jpa} module): entity managers flushed before awty's statements,
 * JPA-mapped rows published as JPA loads them, pollers woken for rows JPA inserted, and the start-up checks of
 * JPA-mapped event classes.
 */
@NullMarked
package dev.awty.autoconfigure.jpa;

import org.jspecify.annotations.NullMarked;
