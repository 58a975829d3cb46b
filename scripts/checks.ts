/**
 * `npm run checks`: type-check, lint, format check and knip, run side by side, as many at once as there are cores
 * (each is one thread; one after the other they were about three minutes of every CI pass). Each one's output is
 * printed whole once it ends, so the logs do not interleave; exits non-zero if any failed.
 */
import { spawn } from "node:child_process";
import os from "node:os";

/** Longest first, so that the short ones fill the gaps. */
const CHECKS = ["lint", "typecheck", "format:check", "knip"];

function run(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.once("close", (code) => {
      process.stdout.write(`== ${script}: ${code === 0 ? "passed" : `failed (exit ${code})`}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const waiting = [...CHECKS];
const results: boolean[] = [];
const slot = async () => {
  for (let script = waiting.shift(); script; script = waiting.shift()) results.push(await run(script));
};
await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), CHECKS.length) }, slot));
process.exitCode = results.every(Boolean) ? 0 : 1;
