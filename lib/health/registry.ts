import "server-only";

/**
 * Where parts of the shop report on themselves without the health and metrics code knowing them:
 * the job worker registers "is it running" as a readiness check and its queue depth as a gauge.
 * Both lists live on globalThis because Next evaluates a module more than once per process
 * (instrumentation, route and page chunks), and a registration made in one chunk must be seen by
 * the route that answers /api/health/ready or /api/metrics.
 *
 *   registerReadinessCheck("jobs", () => ({ ok: worker.isRunning() }));
 *   registerGauge({ name: "toolforge_job_queue_depth", help: "Jobs waiting, per job.", label: "job",
 *                   read: async () => ({ "order-expiry": 3, "mail-delivery": 0 }) });
 */
export type CheckResult = { ok: boolean; detail?: string };
export type ReadinessCheck = () => CheckResult | Promise<CheckResult>;

/** One number, or one number per value of the gauge's label (e.g. per queue). */
export type GaugeReading = number | Record<string, number>;
export type GaugeSpec = {
  /** Prometheus metric name, e.g. toolforge_job_queue_depth. */
  name: string;
  help: string;
  /** Label name when `read` answers one number per label value. */
  label?: string;
  /** Called at every scrape; a throw leaves the gauge empty for that scrape. */
  read: () => GaugeReading | Promise<GaugeReading>;
};

type Registry = { checks: Map<string, ReadinessCheck>; gauges: Map<string, GaugeSpec> };

const store = globalThis as unknown as { __toolforgeHealthRegistry?: Registry };

function registry(): Registry {
  store.__toolforgeHealthRegistry ??= { checks: new Map(), gauges: new Map() };
  return store.__toolforgeHealthRegistry;
}

/** Adds (or, under the same name, replaces) a check that must pass for the instance to take traffic. */
export function registerReadinessCheck(name: string, check: ReadinessCheck): void {
  registry().checks.set(name, check);
}

export function unregisterReadinessCheck(name: string): void {
  registry().checks.delete(name);
}

export function readinessChecks(): [string, ReadinessCheck][] {
  return [...registry().checks];
}

/** Adds (or, under the same name, replaces the reader of) a gauge read at every metrics scrape. */
export function registerGauge(spec: GaugeSpec): void {
  registry().gauges.set(spec.name, spec);
}

export function registeredGauges(): GaugeSpec[] {
  return [...registry().gauges.values()];
}

export function findRegisteredGauge(name: string): GaugeSpec | undefined {
  return registry().gauges.get(name);
}
