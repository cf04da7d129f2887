/**
 * One plain line per start-up step on stderr ("lapsix: aplicando migrações…"), so whoever runs
 * `npm start` sees what the server is doing while the JSON logs stay on stdout for machines.
 */
export function startProgress(message: string): void {
	process.stderr.write(`lapsix: ${message}\n`);
}
