import type { AppError } from "../errors";

/** What a promise rejects with; the test fails when it resolves instead. */
export async function rejectionOf<E = AppError>(promise: Promise<unknown>): Promise<E> {
	try {
		await promise;
	} catch (error) {
		return error as E;
	}
	throw new Error("expected a rejection");
}

/** A refusal as its HTTP answer shows it. */
export const refusalOf = (error: AppError) => ({
	status: error.statusCode,
	code: error.code,
	message: error.message,
});
