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

}
