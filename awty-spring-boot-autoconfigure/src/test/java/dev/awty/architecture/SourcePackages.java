package dev.awty.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The packages of the main sources of every module, read from the {@code .java} files rather than from bytecode:
 * javac inlines constants, so a package that uses only another's constant leaves no trace in the class file.
 */
final class SourcePackages {

	/** An import, static import or fully qualified name of an awty type: the package is the lower-case part. */
	private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.awty(?:\\.[a-z][a-z0-9_]*)*)\\.(?:[A-Z]|\\*)");

	private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

	/** Package → the packages its files refer to, and for each edge one file that makes it. */
	private final Map<String, Map<String, Path>> edges = new TreeMap<>();

	/** Package → its top-level classes (files other than package-info). */
	private final Map<String, Integer> classes = new TreeMap<>();

	/** The packages with a {@code package-info.java}. */
	private final Set<String> documented = new TreeSet<>();

	/** Package → the module (directory) that holds it. */
	private final Map<String, Set<String>> modules = new TreeMap<>();

	private SourcePackages() {
	}

	/** Every module directory under {@code root} that has a {@code src/main/java}. */
	static SourcePackages read(Path root) {
		SourcePackages packages = new SourcePackages();
		try (Stream<Path> children = Files.list(root)) {
			for (Path module : children.filter((child) -> Files.isDirectory(child.resolve("src/main/java"))).toList()) {
				packages.readModule(module);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return packages;
	}

	/** The project's root: the test runs in a module's directory. */
	static Path projectRoot() {
		Path here = Path.of("").toAbsolutePath();
		return Files.exists(here.resolve("awty-core")) ? here : here.getParent();
	}

	private void readModule(Path module) throws IOException {
		try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".java")).toList()) {
				readFile(module.getFileName().toString(), file);
			}
		}
	}

	private void readFile(String module, Path file) throws IOException {
		String text = Files.readString(file);
		Matcher declared = PACKAGE.matcher(text);
		if (!declared.find()) {
			return;
		}
		String pkg = declared.group(1);
		this.modules.computeIfAbsent(pkg, (key) -> new TreeSet<>()).add(module);
		this.edges.computeIfAbsent(pkg, (key) -> new TreeMap<>());
		if (file.getFileName().toString().equals("package-info.java")) {
			this.documented.add(pkg);
		}
		else {
			this.classes.merge(pkg, 1, Integer::sum);
		}
		String code = withoutCommentsAndStrings(text);
		Matcher reference = REFERENCE.matcher(code);
		while (reference.find()) {
			String target = reference.group(1);
			if (!target.equals(pkg)) {
				this.edges.get(pkg).putIfAbsent(target, file);
			}
		}
	}

	/** The code of {@code text} only: a name in a comment or a string is not a dependency. */
	private static String withoutCommentsAndStrings(String text) {
		StringBuilder code = new StringBuilder(text.length());
		int i = 0;
		while (i < text.length()) {
			char c = text.charAt(i);
			if (text.startsWith("//", i)) {
				i = end(text.indexOf('\n', i), text);
			}
			else if (text.startsWith("/*", i)) {
				i = end(text.indexOf("*/", i + 2), text) + 2;
			}
			else if (c == '"' || c == '\'') {
				i++;
				while (i < text.length() && text.charAt(i) != c) {
					i += (text.charAt(i) == '\\') ? 2 : 1;
				}
				i++;
				code.append(' ');
			}
			else {
				code.append(c);
				i++;
			}
		}
		return code.toString();
	}

	private static int end(int index, String text) {
		return (index < 0) ? text.length() : index;
	}

	Map<String, Integer> classCounts() {
		return this.classes;
	}

	Map<String, Set<String>> modulesByPackage() {
		return this.modules;
	}

	/** The packages of {@code module} without a {@code package-info.java}. */
	List<String> undocumentedIn(String module) {
		return this.modules.entrySet()
			.stream()
			.filter((entry) -> entry.getValue().contains(module) && !this.documented.contains(entry.getKey()))
			.map(Map.Entry::getKey)
			.toList();
	}

	/** The files of {@code module} that refer to a package starting with {@code prefix}. */
	List<String> referencesFrom(String module, String prefix) {
		List<String> found = new ArrayList<>();
		this.edges.forEach((pkg, targets) -> {
			if (this.modules.get(pkg).contains(module)) {
				targets.forEach((target, file) -> {
					if (target.equals(prefix) || target.startsWith(prefix + ".")) {
						found.add(file.getFileName() + " (" + pkg + ") -> " + target);
					}
				});
			}
		});
		return found;
	}

	/**
	 * Each set of packages that reach each other (strongly connected, more than one package), with an edge of
	 * each and the file that makes it.
	 */
	List<String> cycles() {
		List<String> cycles = new ArrayList<>();
		for (Set<String> component : new Tarjan().components()) {
			if (component.size() > 1) {
				StringBuilder description = new StringBuilder(String.join(" <-> ", component));
				for (String pkg : component) {
					this.edges.get(pkg).forEach((target, file) -> {
						if (component.contains(target)) {
							description.append("\n    ").append(pkg).append(" -> ").append(target).append(" (")
								.append(file.getFileName()).append(")");
						}
					});
				}
				cycles.add(description.toString());
			}
		}
		return cycles;
	}

	/** Tarjan's strongly connected components over the package graph. */
	private final class Tarjan {

		private final Map<String, Integer> index = new LinkedHashMap<>();

		private final Map<String, Integer> low = new LinkedHashMap<>();

		private final List<String> stack = new ArrayList<>();

		private final Set<String> onStack = new TreeSet<>();

		private final List<Set<String>> components = new ArrayList<>();

		List<Set<String>> components() {
			for (String pkg : SourcePackages.this.edges.keySet()) {
				if (!this.index.containsKey(pkg)) {
					visit(pkg);
				}
			}
			return this.components;
		}

		private void visit(String pkg) {
			this.index.put(pkg, this.index.size());
			this.low.put(pkg, this.index.get(pkg));
			this.stack.add(pkg);
			this.onStack.add(pkg);
			for (String target : SourcePackages.this.edges.getOrDefault(pkg, Map.of()).keySet()) {
				if (!SourcePackages.this.edges.containsKey(target)) {
					continue;
				}
				if (!this.index.containsKey(target)) {
					visit(target);
					this.low.put(pkg, Math.min(this.low.get(pkg), this.low.get(target)));
				}
				else if (this.onStack.contains(target)) {
					this.low.put(pkg, Math.min(this.low.get(pkg), this.index.get(target)));
				}
			}
			if (this.low.get(pkg).equals(this.index.get(pkg))) {
				Set<String> component = new TreeSet<>();
				String member;
				do {
					member = this.stack.remove(this.stack.size() - 1);
					this.onStack.remove(member);
					component.add(member);
				}
				while (!member.equals(pkg));
				this.components.add(component);
			}
		}

	}

}
