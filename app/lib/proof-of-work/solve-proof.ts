/** The nonce of a public link's challenge, found in a Web Worker (lib/proof-of-work/proof-worker.ts). */
export function solveInWorker(challenge: string, difficulty: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./proof-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<{ nonce: string }>) => {
      worker.terminate();
      resolve(event.data.nonce);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ challenge, difficulty });
  });
}
