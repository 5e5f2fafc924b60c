package dev.awty.benchmarks.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;

/**
 * This JVM's memory, written to stdout every few seconds as {@code M <heap after the last GC, bytes> <RSS, bytes>}:
 * the heap as the last collection left it (what a leak grows; the heap in use between collections says nothing), the
 * resident set as the kernel counts it (what a container limit counts).
 */
public final class JvmMemory {

	private static final Duration EVERY = Duration.ofSeconds(5);

	private final AtomicLong heapAfterGc = new AtomicLong(-1);

	private JvmMemory() {
	}

	/** Starts writing the line to {@code out}, synchronized on it, every five seconds from a daemon thread. */
	public static void report(PrintStream out) {
		JvmMemory memory = new JvmMemory();
		memory.listen();
		Thread thread = new Thread(() -> {
			while (true) {
				try {
					Thread.sleep(EVERY.toMillis());
				}
				catch (InterruptedException ex) {
					return;
				}
				synchronized (out) {
					out.println("M " + memory.heapAfterGc.get() + " " + rss());
					out.flush();
				}
			}
		}, "soak-memory");
		thread.setDaemon(true);
		thread.start();
	}

	private void listen() {
		Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans()
			.stream()
			.filter((pool) -> pool.getType() == MemoryType.HEAP)
			.map(MemoryPoolMXBean::getName)
			.collect(Collectors.toSet());
		for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
			if (collector instanceof NotificationEmitter emitter) {
				emitter.addNotificationListener((notification, handback) -> {
					if (notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
						Map<String, MemoryUsage> after = GarbageCollectionNotificationInfo
							.from((CompositeData) notification.getUserData())
							.getGcInfo()
							.getMemoryUsageAfterGc();
						this.heapAfterGc.set(heapPools.stream()
							.map(after::get)
							.filter(Objects::nonNull)
							.mapToLong(MemoryUsage::getUsed)
							.sum());
					}
				}, null, null);
			}
		}
	}

	/** The resident set size from {@code /proc/self/status}; -1 where there is none. */
	private static long rss() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
				if (line.startsWith("VmRSS:")) {
					return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
				}
			}
		}
		catch (IOException | NumberFormatException ex) {
			// not Linux: no figure
		}
		return -1;
	}

}
