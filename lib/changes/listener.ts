import "server-only";
import type { Client } from "pg";
import { log } from "@/lib/log";
import { CHANGE_CHANNEL } from "./index";

type ListenerOptions = {
  url: string;
  onNotice: (payload: string | undefined) => void;
  /** Called after a lost connection was replaced: notices sent meanwhile were missed. */
  onReconnect: () => void;
  /** First and longest wait between attempts to reconnect. */
  retryMs?: { first: number; max: number };
};

/**
 * One dedicated PostgreSQL connection per process that LISTENs on the change channel. A pooled
 * connection cannot listen (the pool hands it to others and closes it when idle). When the
 * connection is lost (a database restart, a failover, an idle timeout) it reconnects with a growing
 * delay and reports the reconnection, since NOTIFY is not queued for absent listeners.
 */
export class ChangeListener {
  private client: Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private attempt = 0;

  constructor(private readonly options: ListenerOptions) {}

  /**
   * Answers true once LISTEN is active; false when the first connection failed, in which case it
   * keeps trying in the background (onReconnect reports success).
   */
  async start(): Promise<boolean> {
    try {
      await this.connect();
      return true;
    } catch (error) {
      log("warn", "change listener could not connect", { error: error instanceof Error ? error.message : String(error) });
      this.scheduleReconnect();
      return false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Whether LISTEN is active right now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  private async connect(): Promise<void> {
    const { default: pg } = await import("pg");
    // TCP keep-alive from 10 s of silence, not the kernel's two hours: a connection cut without a reset
    // (a failover, a dropped route) is found and replaced in minutes instead of going deaf unnoticed.
    const client = new pg.Client({ connectionString: this.options.url, application_name: "toolforge-changes", keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      log("warn", "change listener lost its database connection", { error: error?.message });
      this.scheduleReconnect();
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (message) => {
      if (message.channel === CHANGE_CHANNEL) this.options.onNotice(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
  }

  private scheduleReconnect(): void {
    const { first, max } = this.options.retryMs ?? { first: 200, max: 5_000 };
    const wait = Math.min(max, first * 2 ** this.attempt);
    this.attempt += 1;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.stopped) return;
      this.connect().then(
        () => {
          if (this.stopped) return;
          log("info", "change listener reconnected");
          this.options.onReconnect();
        },
        (error: unknown) => {
          if (this.stopped) return;
          log("warn", "change listener could not reconnect", { error: error instanceof Error ? error.message : String(error) });
          this.scheduleReconnect();
        },
      );
    }, wait);
    this.retry.unref();
  }
}
