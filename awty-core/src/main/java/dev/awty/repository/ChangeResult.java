package dev.awty.repository;

/**
 * What a write on a selection did.
 *
 * @param changed rows changed
 * @param inFlight selected rows left alone because an instance was delivering them at that moment; they are
 * delivered as they were
 */
public record ChangeResult(int changed, int inFlight) {
}
