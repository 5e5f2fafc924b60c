package dev.awty.autoconfigure;

import java.util.List;

import javax.lang.model.element.Modifier;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.generate.GeneratedMethod;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.javapoet.CodeBlock;

/**
 * Finds the application's {@code @ScheduledEvent} classes when it is processed ahead of time, and generates the code
 * that hands their names to awty at start-up, with the reflection hints a native image needs for them. A native
 * image has no class path to scan; on the JVM the recorded list saves the scan.
 */
final class AwtyEventClassesAotProcessor implements BeanFactoryInitializationAotProcessor {

	@Override
	public @Nullable BeanFactoryInitializationAotContribution processAheadOfTime(
			ConfigurableListableBeanFactory beanFactory) {
		if (!beanFactory.containsBeanDefinition("awtyEventTypes")) {
			return null;
		}
		AwtyEventClasses scanned = AwtyEventClasses.scan(beanFactory);
		List<Class<?>> classes = scanned.load(beanFactory.getBeanClassLoader());
		return (generationContext, code) -> {
			classes.forEach((eventClass) -> AwtyRuntimeHints.registerEventClass(generationContext.getRuntimeHints(),
					eventClass));
			CodeBlock names = CodeBlock.join(scanned.classNames().stream().map((name) -> CodeBlock.of("$S", name))
				.toList(), ", ");
			GeneratedMethod method = code.getMethods().add("registerAwtyEventClasses", (builder) -> builder
				.addJavadoc("The @ScheduledEvent classes found when the application was processed ahead of time.")
				.addModifiers(Modifier.PUBLIC)
				.addParameter(DefaultListableBeanFactory.class, "beanFactory")
				.addStatement("beanFactory.registerSingleton($S, $T.recorded($L))", AwtyEventClasses.BEAN_NAME,
						AwtyEventClasses.class, names));
			code.addInitializer(method.toMethodReference());
		};
	}

}
