package dev.awty.benchmarks.awty;

import java.time.Instant;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.integration.annotation.ServiceActivator;
import org.springframework.messaging.Message;

import dev.awty.benchmarks.harness.Receiver;
import dev.awty.recurring.RecurringHeaders;

/**
 * A minimal service using the starter as any application would: its event type is found by scanning, its
 * consumer is a service activator on the type's channel. Occurrences of recurring schedules, on awty's default
 * recurring channel, go to the {@link OccurrenceSink} when a scenario gives one.
 */
// Without JPA, as before JPA support: the JPA reschedule runs its own application (benchmarks.jpa).
@SpringBootApplication(excludeName = { "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
		"org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration" })
public class AwtyBenchApplication {

	private final Receiver receiver;

	private final ObjectProvider<OccurrenceSink> occurrences;

	AwtyBenchApplication(Receiver receiver, ObjectProvider<OccurrenceSink> occurrences) {
		this.receiver = receiver;
		this.occurrences = occurrences;
	}

	@ServiceActivator(inputChannel = BenchEvent.CHANNEL)
	void receive(BenchEvent event) {
		this.receiver.receive(event.getSeq(), event.getDueAt());
	}

	@ServiceActivator(inputChannel = "awtyRecurring")
	void occurrence(Message<?> message) {
		OccurrenceSink sink = this.occurrences.getIfAvailable();
		if (sink != null) {
			sink.occurrence(message.getHeaders().get(RecurringHeaders.SCHEDULE_ID, String.class),
					message.getHeaders().get(RecurringHeaders.GENERATED_AT, Instant.class));
		}
	}

}
