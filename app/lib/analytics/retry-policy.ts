/** Spec 000 §9: analytics (the script and each batch) retry 5 times, 1 s apart, then report to the console. */
export const ATTEMPTS = 5;
export const RETRY_DELAY_MS = 1000;

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
