import { jest } from "@jest/globals";
import { closeDb, getDb } from "@/lib/db/client";
import { waitForPendingMail } from "@/lib/mail";
import { signUp } from "@/tests/fixtures/http";
import { waitForAccountTasks } from "@/lib/accounts/background";
import { runScript, type ScriptRun } from "@/tests/fixtures/scripts";

// `npm run outbox` runs as an operator runs it, a separate process, while this test process plays the
// running shop (on PGlite, the one process that has DATA_DIR open and answers on its control socket).
jest.setTimeout(120_000);
// The shop keeps its database on disk in DATA_DIR, as a real one does.
delete process.env.TEST_PGLITE_TEMPLATE;

function outbox(args: string[]): Promise<ScriptRun> {
  return runScript("outbox.mjs", args);
}

describe("npm run outbox", () => {
  let email: string;

  beforeAll(async () => {
    await getDb();
    ({ email } = await signUp({ name: "Olive Operator" }));
    await waitForAccountTasks();
    await waitForPendingMail();
  });

  it("shows the running shop's newest mail to an address, with the verification link a first admin needs", async () => {
    const run = await outbox(["--to", email.toUpperCase()]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`to ${email}`);
    expect(run.stdout).toContain("Subject: Confirm your email address for ToolForge");
    expect(run.stdout).toMatch(/http:\/\/localhost:3000\/api\/account\/verify-email\?token=\S+/);
  });

  it("says so when there is no mail to an address, and refuses a bad limit with one line", async () => {
    const none = await outbox(["--to", "nobody@toolforge.test"]);
    expect(none.code).toBe(0);
    expect(none.stdout.trim()).toBe("No mail to nobody@toolforge.test in the outbox.");
    const bad = await outbox(["--limit", "0"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe("✗ --limit must be a whole number from 1 to 50");
  });

  it("reads the outbox of a stopped shop too", async () => {
    await closeDb();
    const run = await outbox(["--to", email, "--limit", "1"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Subject: Confirm your email address for ToolForge");
    expect(run.stdout.match(/^──── /gm)).toHaveLength(1);
  });
});
