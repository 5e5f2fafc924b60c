package dev.awty.benchmarks.soak;

import java.io.PrintStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.integration.annotation.ServiceActivator;
import org.springframework.messaging.Message;

import dev.awty.ClaimMode;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.recurring.RecurringHeaders;

/**
 * The soak's service: its three event types deliver to one consumer that counts them by sequence number, and
 * each occurrence of a recurring schedule is written to stdout as {@code O <schedule id> <occurrence epoch µs>
 * <received epoch µs>} for the parent to count, as the child's deliveries are (see {@link Receiver#forwarding}).
 */
// Without JPA, as the other benchmark services.
@SpringBootApplication(excludeName = { "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
		"org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration" })
public class SoakApplication {

	static final String CHANNEL = "soakEvents";

	/** Customers of the limited type: its key, at most one row of each in flight. */
	public static final int CUSTOMERS = 1000;

	/** The limited type's rate for the whole cluster, rows a second: above its share of the load, so it keeps up. */
	public static final int LIMITED_RATE = 500;

	private final Receiver receiver;

	SoakApplication(Receiver receiver) {
		this.receiver = receiver;
	}

	/**
	 * Starts one instance named {@code idPrefix} and 1 delivering to {@code receiver}, with the soak's settings over
	 * {@code extra}: history of every outcome, delivered rows deleted (the history keeps them, so the tables stay
	 * the size of what is pending), the limited type's limits.
	 */
	public static AwtyInstances start(BenchDatabase database, Receiver receiver, String idPrefix,
			Map<String, Object> extra) {
		Map<String, Object> properties = new HashMap<>(extra);
		properties.put("awty.history.mode", "all");
		properties.put("awty.poller.on-delivered", "delete");
		properties.put("awty.types.soak_limited.limit.rate", LIMITED_RATE);
		properties.put("awty.types.soak_limited.limit.key", "customerId");
		return AwtyInstances.start(SoakApplication.class, database, ClaimMode.SKIP_LOCKED, 1, receiver, idPrefix,
				properties);
	}

	@ServiceActivator(inputChannel = CHANNEL)
	void receive(SoakRow row) {
		Instant due = row.getDueAt();
		this.receiver.receive(row.getSeq(), (due != null) ? due : Instant.EPOCH);
	}

	@ServiceActivator(inputChannel = "awtyRecurring")
	void occurrence(Message<?> message) {
		Instant at = message.getHeaders().get(RecurringHeaders.GENERATED_AT, Instant.class);
		String id = message.getHeaders().get(RecurringHeaders.SCHEDULE_ID, String.class);
		PrintStream out = System.out;
		synchronized (out) {
			out.println("O " + id + " " + micros((at != null) ? at : Instant.EPOCH) + " " + micros(Instant.now()));
			out.flush();
		}
	}

	private static long micros(Instant instant) {
		return instant.getEpochSecond() * 1_000_000 + instant.getNano() / 1000;
	}

}
