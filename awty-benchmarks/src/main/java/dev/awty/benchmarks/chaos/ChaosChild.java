package dev.awty.benchmarks.chaos;

import java.io.IOException;
import java.time.Duration;

import dev.awty.ClaimMode;
import dev.awty.benchmarks.awty.AwtyInstances;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance;
import dev.awty.benchmarks.dbscheduler.DbSchedulerInstance.Setup;
import dev.awty.benchmarks.harness.BenchDatabase;
import dev.awty.benchmarks.harness.Options;
import dev.awty.benchmarks.harness.Receiver;
import dev.awty.benchmarks.report.Results;
import dev.awty.benchmarks.soak.JvmMemory;
import dev.awty.benchmarks.soak.SoakApplication;

/**
 * A replica in a JVM of its own, for the scenario that kills it: {@code <system> <instance id> <benchmark
 * flags…>}. It writes each delivery to stdout (see {@link Receiver#forwarding}), {@code READY} once started,
 * and runs until killed.
 */
public final class ChaosChild {

	static final String READY = "READY";

	private ChaosChild() {
	}

	public static void main(String[] args) throws InterruptedException {
		String system = args[0];
		String id = args[1];
		String[] flags = new String[args.length - 1];
		flags[0] = "chaos-kill";
		System.arraycopy(args, 2, flags, 1, args.length - 2);
		Options options = Options.parse(flags);
		BenchDatabase database = new BenchDatabase(options);
		Receiver receiver = Receiver.forwarding(System.out, Duration.ZERO);
		if (system.equals(SoakScenario.CHILD)) {
			SoakApplication.start(database, receiver, SystemUnderTest.instanceIdPrefix(options) + "child" + id + "-",
					SystemUnderTest.awtyProperties(options));
			JvmMemory.report(System.out);
		}
		else if (system.equals(Results.AWTY)) {
			AwtyInstances.start(database, ClaimMode.SKIP_LOCKED, 1, receiver,
					SystemUnderTest.instanceIdPrefix(options) + "child" + id + "-", SystemUnderTest.awtyProperties(options));
		}
		else {
			DbSchedulerInstance.start(database, Setup.TUNED, receiver,
					SystemUnderTest.dbSchedulerName(options, "child" + id), options.lease());
		}
		watchParent();
		synchronized (System.out) {
			System.out.println(READY);
			System.out.flush();
		}
		Thread.currentThread().join();
	}

	/** Ends this JVM when the parent's end of stdin closes: a parent that died leaves no replica behind. */
	private static void watchParent() {
		Thread watcher = new Thread(() -> {
			try {
				while (System.in.read() >= 0) {
					// the parent never writes: wait for the end of the stream
				}
			}
			catch (IOException ex) {
				// closed: the parent is gone just the same
			}
			Runtime.getRuntime().halt(3);
		}, "chaos-parent-watch");
		watcher.setDaemon(true);
		watcher.start();
	}

}
