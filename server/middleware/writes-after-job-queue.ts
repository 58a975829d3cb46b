import type { MiddlewareHandler } from "hono";
import type { JobQueue } from "../jobs/job-queue.ts";
import { isSafeMethod } from "../http/safe-methods.ts";

/**
 * A write waits for the job queue's start (it starts behind the first requests: background-job-queue.ts); a read goes
 * on at once. A write may enqueue a job inside its transaction (an e-mail), and on PGlite's one session a transaction
 * that waited there for the queue would hold the very connection the queue's start needs. Waiting before the handler
 * opens anything cannot deadlock; no read sends a job.
 */
export function writesAfterJobQueue(jobs: JobQueue): MiddlewareHandler {
  return async (c, next) => {
    if (!isSafeMethod(c.req.method)) await jobs.started;
    await next();
  };
}
