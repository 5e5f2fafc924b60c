package dev.awty.sample.broker;

/**
 * The body of a due purchase on the broker, as JSON: what the consumer needs, not the scheduled row.
 */
record PurchaseDue(long purchaseId) {

}
