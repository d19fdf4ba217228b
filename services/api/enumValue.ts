/** A value the domain spells in lower case ('available'), as the schema's enum spells it ('AVAILABLE'). */
export const enumValue = <T extends string>(value: T) => value.toUpperCase() as Uppercase<T>;
