package dev.awty.autoconfigure;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

/**
 * The identifier of this instance: {@code awty.instance-id}, or the host name, process id and a random
 * suffix. It names the instance in {@code claimed_by} and as the owner of its leader locks.
 *
 * @param id the identifier
 */
public record AwtyInstance(String id) {

	/** The configured identifier, or one made of host name, process id and a random suffix. */
	public static AwtyInstance of(@Nullable String configuredId) {
		return new AwtyInstance((configuredId != null) ? configuredId : defaultId());
	}

	private static String defaultId() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (Exception ex) {
			host = "unknown-host";
		}
		String pid = String.valueOf(ManagementFactory.getRuntimeMXBean().getPid());
		return host + "-" + pid + "-" + UUID.randomUUID().toString().substring(0, 8);
	}

}
