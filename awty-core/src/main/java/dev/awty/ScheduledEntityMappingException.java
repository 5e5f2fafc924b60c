package dev.awty;

/**
 * Thrown at start-up when an event type that is also a JPA {@code @Entity} is mapped in a way that disagrees
 * with awty's table contract, such as a second id, a JPA {@code @Version} on another column, or a base column
 * moved elsewhere.
 */
public class ScheduledEntityMappingException extends AwtyException {

	private final String entityClass;

	private final String field;

	private final String problem;

	private final String fix;

	/**
	 * @param field the field or annotation at fault, e.g. {@code invoiceVersion} or {@code @Table}
	 * @param problem what is wrong, in a sentence without the class and field
	 * @param fix what to change
	 */
	public ScheduledEntityMappingException(String entityClass, String field, String problem, String fix) {
		super("JPA mapping of event class " + entityClass + " disagrees with its awty table: " + field + " " + problem);
		this.entityClass = entityClass;
		this.field = field;
		this.problem = problem;
		this.fix = fix;
	}

	/** The fully qualified name of the event class. */
	public String getEntityClass() {
		return this.entityClass;
	}

	/** The field or class annotation at fault. */
	public String getField() {
		return this.field;
	}

	public String getProblem() {
		return this.problem;
	}

	/** What to change, in one or two sentences. */
	public String getFix() {
		return this.fix;
	}

}
