/** Where a CLI command writes and reads; tests pass buffers. */
export interface CliIo {
	stdout: { write(text: string): unknown };
	stderr: { write(text: string): unknown };
	stdin: NodeJS.ReadableStream;
}
