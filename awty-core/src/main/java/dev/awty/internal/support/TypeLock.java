package dev.awty.internal.support;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;

/**
 * The ShedLock lock {@code awty:<type>} of one event type, held for at most the claim lease.
 */
public final class TypeLock {

	private final LockProvider lockProvider;

	private final String name;

	private final Duration lease;

	public TypeLock(LockProvider lockProvider, String name, Duration lease) {
		this.lockProvider = lockProvider;
		this.name = name;
		this.lease = lease;
	}

	/**
	 * Runs {@code work} if the lock can be taken now, and gives it back afterwards.
	 * @return what {@code work} returned, or {@code otherwise} when another instance holds the lock
	 */
	public <R> R whileHeld(Supplier<R> work, R otherwise) {
		Optional<SimpleLock> lock = this.lockProvider
			.lock(new LockConfiguration(ClockProvider.now(), this.name, this.lease, Duration.ZERO));
		if (lock.isEmpty()) {
			return otherwise;
		}
		try {
			return work.get();
		}
		finally {
			lock.get().unlock();
		}
	}

}
