package dev.awty.autoconfigure;

/**
 * The identifier of this instance: {@code awty.instance-id}, or the host name, process id and a random
 * suffix. It names the instance in {@code claimed_by} and as the owner of its leader locks.
 *
 * @param id the identifier
 */
public record AwtyInstance(String id) {
}
