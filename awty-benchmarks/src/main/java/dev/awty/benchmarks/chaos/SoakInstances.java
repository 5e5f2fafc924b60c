package dev.awty.benchmarks.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;

/**
 * The soak's three instances, each in a {@link ChaosChild} JVM of its own in a numbered slot: started together, one
 * of them SIGKILLed and started again in its slot, each one's latest memory figures kept for the report.
 */
final class SoakInstances implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(SoakInstances.class);

	/** The start of a log entry's first line in a child's output: its time. */
	private static final Pattern LOG_HEAD = Pattern.compile("\\d\\d:\\d\\d:\\d\\d");

	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	private final Options options;

	private final Receiver receiver;

	private final SoakOccurrences occurrences;

	private final List<Slot> slots = new ArrayList<>();

	/** One place an instance runs in; a JVM started again after a kill takes the same slot. */
	static final class Slot {

		final int number;

		volatile int generation;

		volatile ChildInstance child;

		/** Heap after the last GC and resident set, bytes, as the JVM now in the slot last wrote them; -1 unknown. */
		volatile long heapAfterGc = -1;

		volatile long rss = -1;

		Slot(int number) {
			this.number = number;
		}

	}

	private SoakInstances(Options options, Receiver receiver, SoakOccurrences occurrences) {
		this.options = options;
		this.receiver = receiver;
		this.occurrences = occurrences;
	}

	/** Starts {@code count} instances at once and waits until each is ready. */
	static SoakInstances start(Options options, int count, Receiver receiver, SoakOccurrences occurrences) {
		SoakInstances instances = new SoakInstances(options, receiver, occurrences);
		try {
			for (int n = 1; n <= count; n++) {
				Slot slot = new Slot(n);
				instances.slots.add(slot);
				slot.child = instances.launch(slot);
			}
			for (Slot slot : instances.slots) {
				instances.awaitReady(slot);
			}
			return instances;
		}
		catch (RuntimeException ex) {
			instances.close();
			throw ex;
		}
	}

	List<Slot> slots() {
		return this.slots;
	}

	/** SIGKILLs the JVM in slot {@code number} (from 1), then starts another there and waits until it is ready. */
	void killAndRestart(int number) {
		Slot slot = this.slots.get(number - 1);
		ChildInstance killed = slot.child;
		killed.kill();
		logger.info(String.format("soak: instance %d.%d killed (SIGKILL) after it delivered %,d", slot.number,
				slot.generation, killed.delivered()));
		slot.heapAfterGc = -1;
		slot.rss = -1;
		slot.generation++;
		slot.child = launch(slot);
		awaitReady(slot);
	}

	private ChildInstance launch(Slot slot) {
		int generation = slot.generation;
		return ChildInstance.start(SoakScenario.CHILD, slot.number + "-" + generation, this.options, this.receiver,
				(line) -> onLine(slot, generation, line));
	}

	private void awaitReady(Slot slot) {
		if (!slot.child.awaitReady(START_TIMEOUT)) {
			throw new IllegalStateException("soak: instance " + slot.number + "." + slot.generation + " did not start within "
					+ START_TIMEOUT.toSeconds() + " s");
		}
	}

	/** A memory line counts only while its JVM is the slot's current one: a killed JVM's last lines do not. */
	private void onLine(Slot slot, int generation, String line) {
		if (line.startsWith("O ")) {
			this.occurrences.received(line);
		}
		else if (line.startsWith("M ")) {
			String[] parts = line.split(" ");
			if (slot.generation == generation) {
				slot.heapAfterGc = Long.parseLong(parts[1]);
				slot.rss = Long.parseLong(parts[2]);
			}
		}
		else if (LOG_HEAD.matcher(line).lookingAt()) {
			// the first line of each log entry; stack traces stay in the child
			logger.info("soak instance " + slot.number + "." + generation + ": " + line);
		}
	}

	@Override
	public void close() {
		for (Slot slot : this.slots) {
			if (slot.child != null) {
				slot.child.kill();
			}
		}
	}

}
