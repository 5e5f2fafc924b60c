package dev.awty.jpa.shop;

import org.springframework.data.jpa.repository.JpaRepository;

public interface Customers extends JpaRepository<Customer, Long> {
}
