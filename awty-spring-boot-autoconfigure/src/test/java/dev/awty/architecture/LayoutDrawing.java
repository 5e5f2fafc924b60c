package dev.awty.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The modules and arrows of the {@code mermaid} graph in {@code docs/layout.md}, and the same arrows as the modules'
 * POMs declare them, so a test can hold the drawing to the build: {@code a --> b} for a dependency, {@code a -.-> b}
 * for an optional one; test-scoped dependencies are not drawn.
 */
final class LayoutDrawing {

	/** A node with its module as label: {@code core["awty-core"]}. */
	private static final Pattern NODE = Pattern.compile("(\\w+)\\[\"([\\w-]+)\"\\]");

	/** An arrow between two nodes, each perhaps declared with its label on the same line. */
	private static final Pattern ARROW = Pattern
		.compile("^\\s*(\\w+)(?:\\[\"[\\w-]+\"\\])?\\s*(-->|-\\.->)\\s*(\\w+)(?:\\[\"[\\w-]+\"\\])?\\s*$");

	private final Set<String> modules;

	private final Set<String> arrows;

	private LayoutDrawing(Set<String> modules, Set<String> arrows) {
		this.modules = modules;
		this.arrows = arrows;
	}

	/** The first {@code mermaid} block of {@code page}. */
	static LayoutDrawing read(Path page) {
		String text = readString(page);
		int start = text.indexOf("```mermaid\n");
		if (start < 0) {
			throw new IllegalStateException(page + " has no ```mermaid drawing of the modules");
		}
		String graph = text.substring(start, text.indexOf("```", start + 3));
		Map<String, String> labels = new TreeMap<>();
		Matcher node = NODE.matcher(graph);
		while (node.find()) {
			labels.put(node.group(1), node.group(2));
		}
		Set<String> arrows = new TreeSet<>();
		for (String line : graph.split("\n")) {
			Matcher arrow = ARROW.matcher(line);
			if (arrow.matches()) {
				arrows.add(module(labels, arrow.group(1)) + " " + arrow.group(2) + " " + module(labels, arrow.group(3)));
			}
		}
		return new LayoutDrawing(new TreeSet<>(labels.values()), arrows);
	}

	/** The arrows the POMs of {@code modules} (directories under {@code root}) declare between those modules. */
	static Set<String> arrowsOfThePoms(Path root, Set<String> modules) {
		Set<String> arrows = new TreeSet<>();
		for (String module : modules) {
			for (Element dependency : dependencies(root.resolve(module).resolve("pom.xml"))) {
				String artifact = child(dependency, "artifactId");
				if (modules.contains(artifact) && !"test".equals(child(dependency, "scope"))) {
					boolean optional = "true".equals(child(dependency, "optional"));
					arrows.add(module + (optional ? " -.-> " : " --> ") + artifact);
				}
			}
		}
		return arrows;
	}

	Set<String> modules() {
		return this.modules;
	}

	Set<String> arrows() {
		return this.arrows;
	}

	private static String module(Map<String, String> labels, String node) {
		String module = labels.get(node);
		if (module == null) {
			throw new IllegalStateException("the drawing's node '" + node + "' has no [\"module\"] label");
		}
		return module;
	}

	/** The {@code project/dependencies/dependency} elements: not those of {@code dependencyManagement}. */
	private static Set<Element> dependencies(Path pom) {
		try {
			Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile())
				.getDocumentElement();
			Set<Element> found = new LinkedHashSet<>();
			for (Element dependencies : children(project, "dependencies")) {
				found.addAll(children(dependencies, "dependency"));
			}
			return found;
		}
		catch (Exception ex) {
			throw new IllegalStateException("cannot read " + pom, ex);
		}
	}

	private static Set<Element> children(Element parent, String name) {
		Set<Element> children = new LinkedHashSet<>();
		NodeList nodes = parent.getChildNodes();
		for (int i = 0; i < nodes.getLength(); i++) {
			if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE && nodes.item(i).getNodeName().equals(name)) {
				children.add((Element) nodes.item(i));
			}
		}
		return children;
	}

	private static String child(Element parent, String name) {
		Set<Element> found = children(parent, name);
		return found.isEmpty() ? null : found.iterator().next().getTextContent().trim();
	}

	private static String readString(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
