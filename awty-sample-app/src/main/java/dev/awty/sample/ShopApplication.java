package dev.awty.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * A pre-order shop: buying an album before its release schedules the download email for the release
 * date, as a row of {@code scheduled_purchase} that awty delivers on time.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ShopApplication {

	public static void main(String[] args) {
		SpringApplication.run(ShopApplication.class, args);
	}

}
