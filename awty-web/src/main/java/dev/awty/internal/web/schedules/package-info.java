/**
 * The optional REST endpoints of recurring schedules under {@code /awty/schedules}.
 */
@NullMarked
package dev.awty.internal.web.schedules;

import org.jspecify.annotations.NullMarked;
