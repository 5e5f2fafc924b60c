package dev.awty.sample;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The sample shop's own settings, under {@code shop.*}.
 */
@ConfigurationProperties("shop")
public class ShopProperties {

	/**
	 * Whether to create a demo album releasing shortly after start, with a few purchases.
	 */
	private boolean demo = false;

	/**
	 * How long after start the demo album is released.
	 */
	private Duration demoReleaseAfter = Duration.ofSeconds(10);

	/**
	 * How many purchases the demo creates.
	 */
	private int demoPurchases = 3;

	/**
	 * How long after an order is placed it is first checked; still unshipped then raises an UNSHIPPED alert.
	 */
	private Duration unshippedAfter = Duration.ofHours(3);

	/**
	 * How long after an order is placed it is checked again; still unshipped then raises an ESCALATED alert.
	 */
	private Duration escalateAfter = Duration.ofHours(6);

	public boolean isDemo() {
		return this.demo;
	}

	public void setDemo(boolean demo) {
		this.demo = demo;
	}

	public Duration getDemoReleaseAfter() {
		return this.demoReleaseAfter;
	}

	public void setDemoReleaseAfter(Duration demoReleaseAfter) {
		this.demoReleaseAfter = demoReleaseAfter;
	}

	public int getDemoPurchases() {
		return this.demoPurchases;
	}

	public void setDemoPurchases(int demoPurchases) {
		this.demoPurchases = demoPurchases;
	}

	public Duration getUnshippedAfter() {
		return this.unshippedAfter;
	}

	public void setUnshippedAfter(Duration unshippedAfter) {
		this.unshippedAfter = unshippedAfter;
	}

	public Duration getEscalateAfter() {
		return this.escalateAfter;
	}

	public void setEscalateAfter(Duration escalateAfter) {
		this.escalateAfter = escalateAfter;
	}

}
