package dev.awty.internal.checks;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * The guards that bound a check: a handler that does not declare {@code checksAgain()}, too many checks, a
 * check-again instant that does not move forward, or one beyond the horizon FAILs the row at once, with the reason
 * naming the property to change.
 */
public final class CheckGuard {

	private final String typeName;

	private final HandlingSettings settings;

	private final boolean checksAgain;

	/** @param checksAgain whether the type's handler declares that it may ask to check again */
	public CheckGuard(String typeName, HandlingSettings settings, boolean checksAgain) {
		this.typeName = typeName;
		this.settings = settings;
		this.checksAgain = checksAgain;
	}

	/**
	 * @param checkCount the checks the row had before this one
	 * @param dueAt the row's current due time
	 * @param now the database's clock
	 * @return why the row must stop now, or {@code null} when it may be checked again at {@code nextAt}
	 */
	public @Nullable String stop(int checkCount, Instant dueAt, Instant now, Instant nextAt) {
		String key = "awty.types." + this.typeName + ".";
		if (!this.checksAgain) {
			return "handler asked to check again at " + nextAt + ", but its checksAgain() returns false";
		}
		int check = checkCount + 1;
		if (check >= this.settings.maxChecks()) {
			return "max checks exceeded: check " + check + " asked to check again, " + key + "max-checks is "
					+ this.settings.maxChecks();
		}
		if (!nextAt.isAfter(dueAt)) {
			return "check-again instant " + nextAt + " is not after the current due time " + dueAt;
		}
		Instant horizon = now.plus(this.settings.horizon());
		if (nextAt.isAfter(horizon)) {
			return "check-again instant " + nextAt + " is beyond the horizon: " + key + "horizon is "
					+ this.settings.horizon() + ", so at most " + horizon;
		}
		return null;
	}

}
