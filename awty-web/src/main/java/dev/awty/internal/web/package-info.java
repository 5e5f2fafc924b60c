/**
 * Who may use the web module's endpoints: the access check the dashboard and the REST API of schedules share.
 */
@NullMarked
package dev.awty.internal.web;

import org.jspecify.annotations.NullMarked;
