package dev.awty.benchmarks.awty;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.integration.annotation.ServiceActivator;

import dev.awty.benchmarks.Receiver;

/**
 * A minimal service using the starter as any application would: its event type is found by scanning, its
 * consumer is a service activator on the type's channel.
 */
// Without JPA, as before JPA support: the JPA reschedule runs its own application (benchmarks.jpa).
@SpringBootApplication(excludeName = { "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
		"org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration" })
public class AwtyBenchApplication {

	private final Receiver receiver;

	AwtyBenchApplication(Receiver receiver) {
		this.receiver = receiver;
	}

	@ServiceActivator(inputChannel = BenchEvent.CHANNEL)
	void receive(BenchEvent event) {
		this.receiver.receive(event.getSeq(), event.getDueAt());
	}

}
