package dev.awty.autoconfigure;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.NoUniqueBeanDefinitionException;

import dev.awty.AwtyConfigurationException;
import dev.awty.AwtyDataSource;

/**
 * The DataSource holding awty's tables: the bean qualified {@link AwtyDataSource @AwtyDataSource}, else the
 * application's single or primary DataSource.
 */
public final class AwtyDatabase {

	private final DataSource dataSource;

	private final String beanName;

	private final boolean qualified;

	private final int dataSources;

	private AwtyDatabase(DataSource dataSource, String beanName, boolean qualified, int dataSources) {
		this.dataSource = dataSource;
		this.beanName = beanName;
		this.qualified = qualified;
		this.dataSources = dataSources;
	}

	public static AwtyDatabase of(ListableBeanFactory beanFactory) {
		List<String> qualified = qualifiedDataSources(beanFactory);
		if (qualified.size() > 1) {
			throw new AwtyConfigurationException("DataSource beans " + qualified + " are all qualified @AwtyDataSource",
					"Keep @AwtyDataSource on the one DataSource that holds awty's tables.");
		}
		String[] all = beanFactory.getBeanNamesForType(DataSource.class);
		if (qualified.size() == 1) {
			String name = qualified.get(0);
			return new AwtyDatabase(beanFactory.getBean(name, DataSource.class), name, true, all.length);
		}
		String name = (all.length == 1) ? all[0] : primary(beanFactory, all);
		return new AwtyDatabase(beanFactory.getBean(name, DataSource.class), name, false, all.length);
	}

	private static List<String> qualifiedDataSources(ListableBeanFactory beanFactory) {
		return Arrays.stream(beanFactory.getBeanNamesForType(DataSource.class))
			.filter((name) -> beanFactory.findAnnotationOnBean(name, AwtyDataSource.class) != null)
			.toList();
	}

	private static String primary(ListableBeanFactory beanFactory, String[] names) {
		DataSource primary;
		try {
			primary = beanFactory.getBean(DataSource.class);
		}
		catch (NoUniqueBeanDefinitionException ex) {
			throw new AwtyConfigurationException("The application has DataSource beans " + List.of(names)
					+ " and none is qualified @AwtyDataSource or @Primary, so awty cannot tell which holds its tables",
					"Annotate the @Bean method of the DataSource that holds awty's tables with @AwtyDataSource.");
		}
		return Arrays.stream(names)
			.filter((name) -> beanFactory.getBean(name, DataSource.class) == primary)
			.findFirst()
			.orElseThrow();
	}

	/** The DataSource every statement of awty runs on. */
	public DataSource dataSource() {
		return this.dataSource;
	}

	public String beanName() {
		return this.beanName;
	}

	/** Whether the application has more DataSources than this one, so a message must say which one awty used. */
	public boolean severalDataSources() {
		return this.dataSources > 1;
	}

	/** This DataSource as a message names it: its bean name and, when it answers, its JDBC URL. */
	public String describe() {
		try (Connection connection = this.dataSource.getConnection()) {
			return "the DataSource '" + this.beanName + "' (" + connection.getMetaData().getURL() + ")";
		}
		catch (SQLException | RuntimeException ex) {
			return "the DataSource '" + this.beanName + "'";
		}
	}

	/** Whether the application chose this DataSource with {@code @AwtyDataSource}. */
	public boolean qualified() {
		return this.qualified;
	}

}
