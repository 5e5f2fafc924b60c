/**
 * One dialect per supported database and the detector that picks one from the DataSource.
 */
@NullMarked
package dev.awty.dialect;

import org.jspecify.annotations.NullMarked;
