package dev.awty.internal.claim;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The tokens that fence one poller's claims: {@code <prefix><random>-<n>}. The random part differs in every
 * process, so two processes given the same {@code awty.instance-id} never hold the same token and cannot
 * release or mark each other's rows; the prefix keeps the instance id readable in {@code claimed_by}.
 */
public final class ClaimTokens {

	private static final SecureRandom RANDOM = new SecureRandom();

	private final String prefix;

	private final AtomicLong sequence = new AtomicLong();

	/** @param prefix the start of every token, e.g. the instance id and a separator */
	public ClaimTokens(String prefix) {
		this.prefix = prefix + Long.toString(RANDOM.nextLong() & Long.MAX_VALUE, 36) + "-";
	}

	public String next() {
		return this.prefix + this.sequence.incrementAndGet();
	}

}
