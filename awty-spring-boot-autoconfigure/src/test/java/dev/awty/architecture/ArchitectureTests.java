package dev.awty.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The direction of the packages (API → SPI → built-ins → internals → wiring), checked on the compiled main
 * classes so that a new import that breaks it fails the build, naming the classes involved.
 */
class ArchitectureTests {

	/** What a service codes against, and the SPI: it must make sense without any implementation. */
	private static final String[] API = { "dev.awty", "dev.awty.handler..", "dev.awty.repository..",
			"dev.awty.recurring..", "dev.awty.history..", "dev.awty.housekeeping..", "dev.awty.jpa..", "dev.awty.spi.." };

	/** The built-in dialects and publishers: public, and written against the SPI only. */
	private static final String[] BUILT_INS = { "dev.awty.dialect..", "dev.awty.integration.." };

	private static final String INTERNAL = "dev.awty.internal..";

	private static final String WIRING = "dev.awty.autoconfigure..";

	/** Each package of awty is its own slice: subpackages included, which are features of their own. */
	private static final SliceAssignment EACH_PACKAGE = new SliceAssignment() {

		@Override
		public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
			String name = javaClass.getPackageName();
			return (name.equals("dev.awty") || name.startsWith("dev.awty.")) ? SliceIdentifier.of(name)
					: SliceIdentifier.ignore();
		}

		@Override
		public String getDescription() {
			return "each package of dev.awty";
		}

	};

	private static final JavaClasses CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.awty");

	@Test
	void apiDependsOnNoBuiltInInternalOrWiringClass() {
		noClasses().that()
			.resideInAnyPackage(API)
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(concat(BUILT_INS, INTERNAL, WIRING))
			.because("the API and the SPI are what users code against and implement; an implementation behind "
					+ "them may change in any release")
			.check(CLASSES);
	}

	@Test
	void publicPackagesImportNoInternalPackage() {
		noClasses().that()
			.resideOutsideOfPackages(INTERNAL, WIRING)
			.should()
			.dependOnClassesThat()
			.resideInAPackage(INTERNAL)
			.because("a public class that names an internal one makes the internal one part of the API")
			.check(CLASSES);
	}

	@Test
	void packagesHaveNoCycles() {
		slices().assignedFrom(EACH_PACKAGE)
			.should()
			.beFreeOfCycles()
			.because("packages that depend on each other cannot be read, tested or replaced one at a time")
			.check(CLASSES);
	}

	@Test
	void autoconfigureIsImportedByNothing() {
		noClasses().that()
			.resideOutsideOfPackage(WIRING)
			.should()
			.dependOnClassesThat()
			.resideInAPackage(WIRING)
			.because("the wiring assembles the library; the library must work without it")
			.check(CLASSES);
	}

	@Test
	void springBootIsImportedOnlyByAutoconfigure() {
		noClasses().that()
			.resideOutsideOfPackage(WIRING)
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.boot..")
			.because("the library runs on Spring Framework alone; Spring Boot is only how it gets wired")
			.check(CLASSES);
	}

	private static String[] concat(String[] packages, String... more) {
		String[] all = new String[packages.length + more.length];
		System.arraycopy(packages, 0, all, 0, packages.length);
		System.arraycopy(more, 0, all, packages.length, more.length);
		return all;
	}

}
