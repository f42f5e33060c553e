import { jest } from "@jest/globals";
import { and, eq, sql } from "drizzle-orm";
import * as confirmEmailChange from "@/app/api/account/confirm-email-change/route";
import * as resetConfirm from "@/app/api/account/password-reset/confirm/route";
import * as resetRequest from "@/app/api/account/password-reset/route";
import * as emailRoute from "@/app/api/me/email/route";
import * as passwordRoute from "@/app/api/me/password/route";
import * as userRole from "@/app/api/users/[id]/role/route";
import * as userStatus from "@/app/api/users/[id]/status/route";
import { getDb } from "@/lib/db/client";
import { waitForPendingMail } from "@/lib/mail";
import { mailOutbox, user } from "@/models/schema";
import { markVerifiedForTest, signIn, signInRequest, whoAmI } from "@/tests/fixtures/accounts";
import { makeRequest, noParams, signUp, uniqueEmail } from "@/tests/fixtures/http";
import { signUpAdmin, tokenMailedTo } from "@/tests/fixtures/mail";
import { withEnv } from "@/tests/fixtures/env";
import { enrolTwoFactor } from "@/tests/fixtures/two-factor";

// The rule for every change a person must hear about: its mail is written to the outbox in the
// change's own transaction, so the change and its notice exist together or not at all. The tests
// make the outbox refuse one address's mail and check that the change is refused with it.

jest.setTimeout(120_000);

let triggers = 0;

/** Makes the outbox refuse mail to `address` until the returned function is called. */
async function refuseMailTo(address: string): Promise<() => Promise<void>> {
  if (!/^[a-z0-9.@-]+$/.test(address)) throw new Error(`unexpected address ${address}`);
  triggers += 1;
  const name = `refuse_mail_${triggers}`;
  const db = await getDb();
  await db.execute(
    sql.raw(
      `create function ${name}() returns trigger language plpgsql as $$ begin if new."to" = '${address}' then raise exception 'the outbox refused this mail'; end if; return new; end $$`,
    ),
  );
  await db.execute(sql.raw(`create trigger ${name} before insert on mail_outbox for each row execute function ${name}()`));
  return async () => {
    await waitForPendingMail();
    await db.execute(sql.raw(`drop trigger ${name} on mail_outbox`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}

/** Outbox rows to an address with this subject, read at once: no waiting for background work. */
async function notices(address: string, subject: string) {
  const db = await getDb();
  return db.select().from(mailOutbox).where(and(eq(mailOutbox.to, address), eq(mailOutbox.subject, subject)));
}

const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
  passwordRoute.POST(makeRequest("/api/me/password", { method: "POST", json: { currentPassword, newPassword }, cookie }), noParams());
const setRole = (cookie: string, id: string, role: "admin" | "customer") =>
  userRole.PATCH(makeRequest(`/api/users/${id}/role`, { method: "PATCH", json: { role }, cookie }), noParams({ id }));
const setDisabled = (cookie: string, id: string, disabled: boolean) =>
  userStatus.PATCH(makeRequest(`/api/users/${id}/status`, { method: "PATCH", json: { disabled }, cookie }), noParams({ id }));

describe("security notices are written with the change they tell about", () => {
  it("a password change: no notice, no change; with it, the notice is in the outbox the moment the answer comes", async () => {
    const person = await signUp({ password: "old-password-1" });
    const elsewhere = await signIn(person.email, "old-password-1");
    const allow = await refuseMailTo(person.email);
    expect((await changePassword(person.cookie, "old-password-1", "new-password-1")).status).toBe(500);
    await allow();
    expect((await signInRequest(person.email, "new-password-1")).status).toBe(401);
    expect(await whoAmI(elsewhere)).not.toBeNull();

    expect((await changePassword(person.cookie, "old-password-1", "new-password-1")).status).toBe(200);
    expect(await notices(person.email, "Your ToolForge password was changed")).toHaveLength(1);
    expect(await whoAmI(elsewhere)).toBeNull();
  });

  it("a password reset: no notice, no new password and the link still works", async () => {
    const person = await signUp({ password: "old-password-2" });
    await resetRequest.POST(makeRequest("/api/account/password-reset", { method: "POST", json: { email: person.email } }), noParams());
    const token = await tokenMailedTo(person.email, "/reset-password");
    const reset = () =>
      resetConfirm.POST(makeRequest("/api/account/password-reset/confirm", { method: "POST", json: { token, password: "new-password-2" } }), noParams());
    const allow = await refuseMailTo(person.email);
    expect((await reset()).status).toBe(500);
    await allow();
    expect((await signInRequest(person.email, "new-password-2")).status).toBe(401);

    expect((await reset()).status).toBe(200);
    expect(await notices(person.email, "Your ToolForge password was changed")).toHaveLength(1);
    expect((await signInRequest(person.email, "new-password-2")).status).toBe(200);
  });

  it("an address change: the old address is told, or the account stays on it", async () => {
    const person = await signUp({ password: "email-password-3" });
    const newEmail = uniqueEmail("moved");
    expect((await emailRoute.POST(makeRequest("/api/me/email", { method: "POST", json: { email: newEmail }, cookie: person.cookie }), noParams())).status).toBe(202);
    const token = await tokenMailedTo(newEmail, "/confirm-email");
    const open = () =>
      confirmEmailChange.POST(
        makeRequest("/api/account/confirm-email-change", {
          method: "POST",
          body: `token=${token}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          cookie: person.cookie,
        }),
        noParams(),
      );
    const allow = await refuseMailTo(person.email);
    expect((await open()).status).toBe(500);
    await allow();
    expect(await whoAmI(person.cookie)).toMatchObject({ email: person.email });

    expect((await open()).headers.get("location")).toBe("/verify-email?result=changed");
    const [notice] = await notices(person.email, "The email address of your ToolForge account was changed");
    expect(notice?.text).toContain(`Your ToolForge account now uses ${newEmail} instead of this address.`);
    expect(await whoAmI(person.cookie)).toMatchObject({ email: newEmail });
  });

  it("disabling and enabling an account, and changing its role, each tell the person", async () => {
    const admin = await signUpAdmin();
    const person = await signUp({ name: "Nora Notice" });
    await markVerifiedForTest(person.userId);

    const allow = await refuseMailTo(person.email);
    expect((await setDisabled(admin.cookie, person.userId, true)).status).toBe(500);
    await allow();
    expect(await whoAmI(person.cookie)).not.toBeNull();

    expect((await setDisabled(admin.cookie, person.userId, true)).status).toBe(200);
    const [disabled] = await notices(person.email, "Your ToolForge account was disabled");
    expect(disabled?.text).toContain("Hello Nora Notice,");
    expect(disabled?.text).toContain("It was signed out on every device and cannot sign in until it is enabled again.");
    expect((await setDisabled(admin.cookie, person.userId, false)).status).toBe(200);
    expect(await notices(person.email, "Your ToolForge account was enabled again")).toHaveLength(1);

    expect((await setRole(admin.cookie, person.userId, "admin")).status).toBe(200);
    const [promoted] = await notices(person.email, "Your ToolForge account is now an admin account");
    expect(promoted?.text).not.toContain("two-factor");
    expect((await setRole(admin.cookie, person.userId, "customer")).status).toBe(200);
    expect(await notices(person.email, "Your ToolForge account is no longer an admin account")).toHaveLength(1);
    // Setting what is already set changes nothing and tells nobody.
    expect((await setRole(admin.cookie, person.userId, "customer")).status).toBe(200);
    expect(await notices(person.email, "Your ToolForge account is no longer an admin account")).toHaveLength(1);
  });
});

describe("the admin-role notice when admins must use two-factor (ADMIN_MFA=required)", () => {
  withEnv({ ADMIN_MFA: "required" });

  it("says the admin pages open once two-factor is set up, to an account without it", async () => {
    // An admin of its own (the listed address may be taken by another test): made one in the database.
    const admin = await signUp({ name: "Ada Admin" });
    await markVerifiedForTest(admin.userId);
    await (await getDb()).update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
    // The admin making the change must itself have a second factor under this setting.
    const { cookie } = await enrolTwoFactor(admin.cookie);
    const person = await signUp({ name: "Mia Mfa" });
    await markVerifiedForTest(person.userId);
    expect((await setRole(cookie, person.userId, "admin")).status).toBe(200);
    const [promoted] = await notices(person.email, "Your ToolForge account is now an admin account");
    expect(promoted?.text).toContain("the admin pages open once you set it up at");
    expect(promoted?.text).toContain("/account/security");
  }, 90_000);
});
