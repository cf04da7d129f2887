export interface MutationTarget {
	name: string;
	group: string;
	mutate: string[];
	tests: string[];
	exclude?: string[];
}
export const MUTATION_TARGETS: MutationTarget[];
export const GROUP_MINIMUM: Record<string, number>;
