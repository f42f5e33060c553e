import "server-only";
import { and, count, isNotNull, isNull, lt, lte, or, eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { getDb } from "@/lib/db/client";
import { errorCodeOf } from "@/lib/db/unavailable";
import { getEnv } from "@/lib/env";
import { registerGauge, registerReadinessCheck, unregisterReadinessCheck } from "@/lib/health/registry";
import { log } from "@/lib/log";
import { deliverDueMail, MAX_MAIL_ATTEMPTS, sweepDeliveredMail } from "@/lib/mail";
import { sweepUnconfirmedSubscribers } from "@/lib/messages/confirm";
import { countOwedIntentCancels, retryOwedIntentCancels } from "@/lib/payments/intent-cancels";
import { expireOrdersAndPayments } from "@/lib/payments/service";
import { sweepUnusedUploads } from "@/lib/storage/sweep";
import { mailOutbox, order } from "@/models/schema";

/**
 * The shop's background work: expiring unpaid orders past their hold, delivering queued mail with
 * retries (ADR 025), removing uploads nothing uses (ADR 069), newsletter sign-ups never confirmed (ADR 072),
 * delivered mail past its retention (ADR 076) and PaymentIntent cancels that did not get through (ADR 024). On PostgreSQL, pg-boss runs each as
 * a cron schedule in a singleton queue, so each runs once across all instances; on PGlite (one process
 * per data directory) a timer in the process does the same steps.
 */
export const JOB_NAMES = ["order-expiry", "mail-delivery", "intent-cancels", "upload-sweep", "newsletter-sweep", "mail-sweep"] as const;
export type JobName = (typeof JOB_NAMES)[number];

const STEPS: Record<JobName, () => Promise<number>> = {
  "order-expiry": expireOrdersAndPayments,
  "mail-delivery": () => deliverDueMail(),
  "intent-cancels": retryOwedIntentCancels,
  "upload-sweep": () => sweepUnusedUploads(),
  "newsletter-sweep": sweepUnconfirmedSubscribers,
  "mail-sweep": sweepDeliveredMail,
};

const LOOP_INTERVAL_MS = 30_000;

/**
 * When each job runs: a pg-boss cron (minute resolution), and the least time between two runs in the
 * embedded database's loop (0: every turn of the loop).
 */
const SCHEDULES: Record<JobName, { cron: string; everyMs: number }> = {
  "order-expiry": { cron: "* * * * *", everyMs: 0 },
  "mail-delivery": { cron: "* * * * *", everyMs: 0 },
  "intent-cancels": { cron: "*/10 * * * *", everyMs: 10 * 60_000 },
  "upload-sweep": { cron: "17 * * * *", everyMs: 60 * 60_000 },
  "newsletter-sweep": { cron: "41 * * * *", everyMs: 60 * 60_000 },
  "mail-sweep": { cron: "53 * * * *", everyMs: 60 * 60_000 },
};

type Runner =
  | { kind: "pg-boss"; boss: PgBoss; running: boolean }
  | { kind: "loop"; timer: NodeJS.Timeout; running: boolean; busy: Promise<void> | null };

const store = globalThis as unknown as { __toolforgeJobs?: Runner };

async function runStep(name: JobName): Promise<void> {
  try {
    const done = await STEPS[name]();
    if (done > 0) log("info", "job step done", { job: name, count: done });
  } catch (error) {
    log("error", "job step failed", { job: name, error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/**
 * Instances started together create the same queues at the same moment: PostgreSQL may end one of
 * them as a deadlock victim (40P01) or refuse a duplicate (23505). The step is idempotent: try again.
 */
async function retryOnStartRace(step: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await step();
      return;
    } catch (error) {
      const code = errorCodeOf(error);
      if (attempt >= 5 || (code !== "40P01" && code !== "23505")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function startPgBoss(connectionString: string): Promise<Runner> {
  const { default: PgBossClass } = await import("pg-boss");
  const boss = new PgBossClass({ connectionString, schema: "pgboss", max: 3, application_name: "toolforge-jobs" });
  boss.on("error", (error: Error) => log("error", "job queue error", { error: error.message }));
  await boss.start();
  for (const name of JOB_NAMES) {
    // singleton: at most one job of the queue active at a time, whichever instance holds it.
    await retryOnStartRace(() => boss.createQueue(name, { name, policy: "singleton", retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 }));
    await retryOnStartRace(() => boss.schedule(name, SCHEDULES[name].cron));
    await boss.work(name, { pollingIntervalSeconds: 5 }, async () => runStep(name));
  }
  return { kind: "pg-boss", boss, running: true };
}

/** When the embedded database's loop first runs the hourly sweeps after a start. */
const FIRST_SWEEP_AFTER_MS = 5 * 60_000;

function startLoop(): Runner {
  // A job with a longer interval (the hourly sweeps) first runs a few minutes after the start, not an
  // interval after it: a shop restarted more often than that (a laptop) would never run it.
  const started = Date.now();
  const lastRun = new Map<JobName, number>(JOB_NAMES.map((name) => [name, started - Math.max(0, SCHEDULES[name].everyMs - FIRST_SWEEP_AFTER_MS)]));
  const runner: Runner = {
    kind: "loop",
    running: true,
    busy: null,
    timer: setInterval(() => {
      if (runner.kind !== "loop" || runner.busy) return;
      runner.busy = (async () => {
        for (const name of JOB_NAMES) {
          const now = Date.now();
          if (now - (lastRun.get(name) ?? 0) < SCHEDULES[name].everyMs) continue;
          lastRun.set(name, now);
          await runStep(name).catch(() => undefined);
        }
      })().finally(() => {
        if (runner.kind === "loop") runner.busy = null;
      });
    }, LOOP_INTERVAL_MS),
  };
  runner.timer.unref();
  return runner;
}

/**
 * What is waiting: unpaid orders past their hold, mail due for a delivery try, and closed orders whose
 * PaymentIntent cancel is still owed (the sweeps have no queue to count).
 */
export async function jobBacklog(): Promise<Record<Exclude<JobName, "upload-sweep" | "newsletter-sweep" | "mail-sweep">, number>> {
  const db = await getDb();
  const now = new Date();
  const [overdue] = await db
    .select({ n: count() })
    .from(order)
    .where(and(eq(order.status, "unpaid"), isNotNull(order.expiresAt), lte(order.expiresAt, now)));
  const smtp = Boolean(getEnv().SMTP_URL);
  const [mail] = smtp
    ? await db
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now))))
    : [{ n: 0 }];
  return { "order-expiry": overdue?.n ?? 0, "mail-delivery": mail?.n ?? 0, "intent-cancels": await countOwedIntentCancels() };
}

/** Starts the job runner once per process, and reports it to the readiness check and the metrics. */
export async function startJobs(): Promise<void> {
  if (store.__toolforgeJobs?.running) return;
  const env = getEnv();
  const runner = env.DATABASE_URL ? await startPgBoss(env.DATABASE_URL) : startLoop();
  store.__toolforgeJobs = runner;
  registerReadinessCheck("jobs", () => ({ ok: runner.running, detail: runner.running ? runner.kind : "stopped" }));
  registerGauge({
    name: "toolforge_job_queue_depth",
    help: "Work waiting for the job runner, per job: unpaid orders past their hold (order-expiry), mail due for a delivery try (mail-delivery) and closed orders whose PaymentIntent cancel is owed (intent-cancels).",
    label: "job",
    read: jobBacklog,
  });
  log("info", "job runner started", { runner: runner.kind });
}

/** Stops taking new jobs and waits for the one running (server shutdown). */
export async function stopJobs(): Promise<void> {
  const runner = store.__toolforgeJobs;
  if (!runner?.running) return;
  runner.running = false;
  unregisterReadinessCheck("jobs");
  if (runner.kind === "pg-boss") await runner.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  else {
    clearInterval(runner.timer);
    await runner.busy;
  }
  store.__toolforgeJobs = undefined;
}

/** Runs one job now and waits for it: on PostgreSQL through its pg-boss queue (any instance may take it). */
export async function runJobNow(name: JobName): Promise<void> {
  const runner = store.__toolforgeJobs;
  if (runner?.kind !== "pg-boss") {
    await runStep(name);
    return;
  }
  const id = await runner.boss.send(name, {});
  if (!id) throw new Error(`the ${name} queue refused a job (one is already waiting)`);
  for (let i = 0; i < 200; i += 1) {
    const job = await runner.boss.getJobById(name, id);
    if (job?.state === "completed") return;
    // A failed try with tries left waits in "retry", not "failed": either way this run failed.
    if (job?.state === "failed" || job?.state === "retry") throw new Error(`the ${name} job failed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${name} job did not finish in time`);
}
