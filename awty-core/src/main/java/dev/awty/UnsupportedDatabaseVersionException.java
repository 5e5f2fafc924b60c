package dev.awty;

/**
 * Thrown at start-up when the DataSource points at a supported database in a version older than awty needs.
 */
public class UnsupportedDatabaseVersionException extends AwtyException {

	private final String productName;

	private final String version;

	private final String minimum;

	public UnsupportedDatabaseVersionException(String productName, String version, String minimum) {
		super("awty needs " + productName + " " + minimum + " or later; the DataSource reports version " + version);
		this.productName = productName;
		this.version = version;
		this.minimum = minimum;
	}

	public String getProductName() {
		return this.productName;
	}

	/** The version text the driver reported. */
	public String getVersion() {
		return this.version;
	}

	/** The oldest supported version, such as {@code 10.6}. */
	public String getMinimum() {
		return this.minimum;
	}

}
