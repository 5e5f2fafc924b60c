package dev.awty.spi;

/**
 * Names who is acting on the current thread, for the audit of operator actions ({@code awty_audit}). awty asks it on
 * the thread that pauses a type, changes rows or schedules, inside the action's transaction. The default reads Spring
 * Security's {@code SecurityContextHolder} when Spring Security is on the classpath and answers {@link #ANONYMOUS}
 * without an authenticated user; declare a bean of this type to name operators another way (a header set by a
 * gateway, a batch job's name).
 */
@FunctionalInterface
public interface CurrentOperator {

	/** The name recorded when no one is authenticated. */
	String ANONYMOUS = "anonymous";

	/**
	 * The name of the operator acting on this thread; never {@code null}, {@link #ANONYMOUS} when none is known. Must
	 * not block: it runs inside the action's transaction.
	 */
	String name();

}
