import "server-only";
import { desc, sql } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { getDb } from "@/lib/db/client";
import { getEnv, type Env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { smsOutbox } from "@/models/schema";

export type TextMessage = { to: string; text: string };

/** Where text messages go: the outbox table by default, or a provider selected by configuration. */
export interface SmsSender {
  readonly name: "outbox" | "twilio";
  send(message: TextMessage): Promise<void>;
}

/** A provider refused or could not take a message; the caller decides what the person is told. */
export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SmsDeliveryError";
  }
}

const outboxSender: SmsSender = {
  name: "outbox",
  async send(message) {
    const db = await getDb();
    await db.insert(smsOutbox).values({ id: newId("sms"), ...message });
  },
};

type TwilioConfig = { accountSid: string; authToken: string; from: string; apiBase: string };

/**
 * Twilio's Messages API: one form-encoded POST per text, HTTP basic auth with the Account SID and
 * Auth Token (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
 * `From` is a Twilio number, or a Messaging Service (MG…) that picks one.
 */
export function twilioSender(config: TwilioConfig): SmsSender {
  const endpoint = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send({ to, text }) {
      const form = new URLSearchParams({ To: to, Body: text });
      form.set(config.from.startsWith("MG") ? "MessagingServiceSid" : "From", config.from);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SmsDeliveryError(`Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
        throw new SmsDeliveryError(`Twilio refused the message (${response.status}${body?.code ? `, error ${body.code}` : ""}): ${body?.message ?? "no detail"}`);
      }
    },
  };
}

export function smsSenderFor(env: Env): SmsSender {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return twilioSender({
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      // Tests point this at a local stand-in; a production server refuses to start with it (lib/env.ts).
      apiBase: env.TWILIO_API_BASE ?? "https://api.twilio.com",
    });
  }
  return outboxSender;
}

/** Sends one text message through the configured sender; throws SmsDeliveryError when a provider refuses it. */
export async function sendTextMessage(message: TextMessage): Promise<void> {
  await smsSenderFor(getEnv()).send(message);
}

export type TextMessageView = { id: string; to: string; text: string; createdAt: string };

/** One page of the outbox, newest first (admins). */
export async function listTextMessages(
  actor: Actor,
  page = 1,
  pageSize = 50,
): Promise<{ items: TextMessageView[]; total: number; page: number; pageSize: number; sender: SmsSender["name"] }> {
  requireAdmin(actor);
  const db = await getDb();
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(smsOutbox)
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(smsOutbox),
  ]);
  return {
    items: rows.map((row) => ({ id: row.id, to: row.to, text: row.text, createdAt: row.createdAt.toISOString() })),
    total: counted?.total ?? 0,
    page,
    pageSize,
    sender: smsSenderFor(getEnv()).name,
  };
}
