/**
 * Ties a zod schema to the domain type it describes: `Assert<SameShape<z.infer<typeof S>, T>>`
 * fails to compile as soon as a field is added to, removed from or changed in one of the two.
 */
export type SameShape<A, B> =
	(<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
export type Assert<T extends true> = T;
