// `npm run outbox [-- --limit N] [--to ADDRESS]`: the newest mail the shop wrote to its outbox, for a
// shop without SMTP_URL (a first start, development). That is where the verification link of the
// first admin's address is: this command is how an operator reads it. Safe while the shop runs: on
// the embedded database it asks the running shop over its control socket (ADR 022) and opens the data
// directory itself only when no shop holds it.
import { parseArgs } from "node:util";
import pg from "pg";
import { fail, loadShopConfig } from "./ops/config.mjs";
import { askOwner, claimDataDir } from "./ops/pglite-dir.mjs";
import { hasPgliteDatabase, openPglite } from "./ops/pglite-snapshot.mjs";

const OUTBOX_LIMIT_MAX = 50; // as in lib/db/data-dir-lock.ts
const SELECT = 'select "to", subject, text, created_at from mail_outbox order by created_at desc, id desc limit $1';

let options;
try {
  ({ values: options } = parseArgs({ options: { limit: { type: "string" }, to: { type: "string" } } }));
} catch (error) {
  fail(`${error.message}\nusage: npm run outbox [-- --limit N] [--to ADDRESS]`);
}
const limit = options.limit === undefined ? 10 : Number(options.limit);
if (!(Number.isInteger(limit) && limit >= 1 && limit <= OUTBOX_LIMIT_MAX)) fail(`--limit must be a whole number from 1 to ${OUTBOX_LIMIT_MAX}`);
const to = options.to?.trim().toLowerCase() || null;

const { dataDir, databaseUrl } = loadShopConfig();

const toEntry = (row) => ({ to: row.to, subject: row.subject, text: row.text, createdAt: new Date(row.created_at).toISOString() });

async function fromPostgres() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(SELECT, [OUTBOX_LIMIT_MAX])).rows.map(toEntry);
  } finally {
    await client.end();
  }
}

async function fromPglite() {
  const answer = await askOwner(dataDir, "outbox", 30_000, { limit: OUTBOX_LIMIT_MAX });
  if (answer) {
    if (!answer.header.ok) throw new Error(`the running shop could not read its outbox: ${answer.header.error}`);
    return answer.header.mail;
  }
  if (!hasPgliteDatabase(dataDir)) throw new Error(`there is no embedded database in ${dataDir} (DATA_DIR): start the shop once first`);
  const release = await claimDataDir(dataDir, "outbox");
  try {
    const client = await openPglite(dataDir);
    try {
      return (await client.query(SELECT, [OUTBOX_LIMIT_MAX])).rows.map(toEntry);
    } finally {
      await client.close();
    }
  } finally {
    await release();
  }
}

try {
  const all = databaseUrl ? await fromPostgres() : await fromPglite();
  const mail = all.filter((entry) => to === null || entry.to.toLowerCase() === to).slice(0, limit);
  if (mail.length === 0) {
    console.log(to ? `No mail to ${to} in the outbox.` : "The outbox is empty.");
  } else {
    // Oldest first, so the newest message is the last thing on the screen.
    for (const entry of mail.reverse()) {
      console.log(`──── ${entry.createdAt}  to ${entry.to}\nSubject: ${entry.subject}\n\n${entry.text}\n`);
    }
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
