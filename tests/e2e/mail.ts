import { expect } from "@playwright/test";
import { MAIL_API_PORT } from "./ports";

export type ReceivedMail = { id: number; to: string; subject: string; from: string; text: string; receivedAt: string };

/**
 * The newest mail to `address` that the shop delivered over SMTP to the run's local mail server,
 * waiting for it to arrive. `subject` narrows it down; `after` skips mail already read (pass the
 * previous mail's id).
 */
export async function newestMailTo(address: string, options: { subject?: string | RegExp; after?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/messages?to=${encodeURIComponent(address)}`);
        const mails = (await response.json()) as ReceivedMail[];
        found = mails.find(
          (mail) =>
            mail.id > (options.after ?? 0) &&
            (options.subject === undefined || (typeof options.subject === "string" ? mail.subject === options.subject : options.subject.test(mail.subject))),
        );
        return Boolean(found);
      },
      { message: `a mail to ${address}${options.subject ? ` about ${String(options.subject)}` : ""}`, timeout: options.timeoutMs ?? 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${address}`);
  return found;
}

/** The link in a mail whose path is `path`, as the person would click it. */
export function linkIn(mail: ReceivedMail, path: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    if (new URL(match[0]).pathname === path) return match[0];
  }
  throw new Error(`the mail "${mail.subject}" holds no link to ${path}:\n${mail.text}`);
}
