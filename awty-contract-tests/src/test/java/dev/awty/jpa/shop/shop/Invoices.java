package dev.awty.jpa.shop;

import org.springframework.data.jpa.repository.JpaRepository;

public interface Invoices extends JpaRepository<Invoice, Long> {
}
