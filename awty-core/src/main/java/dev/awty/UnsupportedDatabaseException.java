package dev.awty;

import java.util.List;

/**
 * Thrown at start-up when the DataSource points at a database awty has no dialect for.
 */
public class UnsupportedDatabaseException extends AwtyException {

	private final String productName;

	private final List<String> supported;

	public UnsupportedDatabaseException(String productName, List<String> supported) {
		super("awty does not support the database '" + productName + "'; supported: " + String.join(", ", supported));
		this.productName = productName;
		this.supported = List.copyOf(supported);
	}

	public String getProductName() {
		return this.productName;
	}

	public List<String> getSupported() {
		return this.supported;
	}

}
