package dev.awty.sample.invoice;

import org.springframework.data.jpa.repository.JpaRepository;

interface Invoices extends JpaRepository<Invoice, Long> {
}
