package dev.awty.example.twodatasources;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A shipping service with two databases: its primary one (a catalog another team keeps) and its own orders database,
 * which holds the orders, the scheduled shipment reminders that point at them, and awty's tables.
 */
@SpringBootApplication
public class ShippingApplication {

	public static void main(String[] args) {
		SpringApplication.run(ShippingApplication.class, args);
	}

}
