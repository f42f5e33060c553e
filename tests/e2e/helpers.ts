import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { linkIn, newestMailTo } from "./mail";

let counter = 0;
let addresses = 0;

/**
 * Gives the page's browser context a client address of its own, as the proxy in front would report
 * it (the e2e server trusts one proxy hop, see playwright.config.ts). Every person a test plays
 * then has their own per-address rate limits, as real visitors do.
 */
export async function browseFromOwnAddress(page: Page): Promise<string> {
  addresses += 1;
  const address = `10.${process.pid % 250}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": address });
  return address;
}
export function uniqueEmail(prefix = "e2e"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@toolforge.test`;
}

export async function photoFile(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#c2410c" } }).png().toBuffer();
  return { name: "me.png", mimeType: "image/png", buffer };
}

/**
 * Registers through the real page, photo included, and waits until the shop shows the user signed in.
 * A fixed `email` registers a known account, e.g. one listed in ADMIN_EMAILS (playwright.config.ts).
 */
export async function registerThroughPage(page: Page, name = "Erin Endtoend", email = uniqueEmail()): Promise<string> {
  await browseFromOwnAddress(page);
  await page.goto("/register");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByLabel(/profile photo/i).setInputFiles(await photoFile());
  await page.getByRole("button", { name: /create account|register/i }).click();
  await expect(page.getByText("Account created")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  return email;
}

/**
 * Registers through the API (photo included) from the page's own client address: the page's context
 * is then signed in as the new customer. Faster than the page when the test is about something else.
 */
export async function registerThroughApi(page: Page, baseURL: string | undefined, name: string, email = uniqueEmail()): Promise<string> {
  await browseFromOwnAddress(page);
  const registered = await page.request.post("/api/register", {
    multipart: { name, email, password: "a-long-password", photo: await photoFile() },
    headers: { origin: baseURL ?? "" },
  });
  expect(registered.status()).toBe(201);
  return email;
}

export async function signInThroughPage(page: Page, email: string, password = "a-long-password"): Promise<void> {
  await browseFromOwnAddress(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: /^(login|sign in)$/i }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();
}

/** Fails with the list of WCAG A/AA violations axe finds on the current page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Sections fade in as they scroll into view (components/reveal.tsx): colours measured mid-fade are
  // not the page's colours. Waiting for the fades (below) was not enough: a CI run of 2026-11-27
  // measured every section of / below the fold mid-fade at 390 px, a fade started after the wait (by
  // the resize's late intersection report, or by axe's own scrolling). So axe reads the page as it
  // settles for a visitor who prefers reduced motion: app/globals.css then shows every section at
  // once, with no fade to start, and every other transition ends at once. Colours are the same.
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await analyzeSettled(page);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

async function analyzeSettled(page: Page): Promise<void> {
  // A transition already running when the preference changed ends within a frame or two: wait for
  // every finite animation or transition running then, until a check finds none.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let round = 0; round < 20; round += 1) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

/** The page fits its window's width: nothing scrolls sideways. */
export async function expectFits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

/** Opens the verification link the shop mailed to `email` (read from the run's mail server), as its owner would. */
export async function verifyEmailThroughMail(page: Page, email: string): Promise<void> {
  const mail = await newestMailTo(email, { subject: "Confirm your email address for ToolForge" });
  await page.goto(linkIn(mail, "/api/account/verify-email"));
  await expect(page.getByRole("heading", { level: 1, name: "Email address verified" })).toBeVisible();
}

/**
 * Signs `email` up for the newsletter and confirms it with the link of the mail it gets (ADR 072), as
 * the link's button would: only then is it on the subscribers' list.
 */
export async function subscribeConfirmed(request: APIRequestContext, baseURL: string | undefined, email: string): Promise<void> {
  const headers = { origin: baseURL ?? "" };
  expect((await request.post("/api/newsletter", { data: { email }, headers })).ok()).toBe(true);
  const link = new URL(linkIn(await newestMailTo(email, { subject: "Confirm your ToolForge newsletter subscription" }), "/newsletter/confirm"));
  const confirmed = await request.post("/api/newsletter/confirm", { data: { email: link.searchParams.get("email"), token: link.searchParams.get("token") }, headers });
  expect(confirmed.status()).toBe(200);
}

export const ADMIN_EMAIL = "admin@toolforge.test";
export const ADMIN_PASSWORD = "a-long-password";

/**
 * Signs `page` in as the run's admin: the address in ADMIN_EMAILS (playwright.config.ts), registered
 * through the page the first time and made admin by verifying it through its mail. Spec files run
 * side by side: the first to claim the registration (an atomic mkdir, per run) registers, the others
 * wait until the admin can sign in.
 */
export async function signInAsAdmin(page: Page, baseURL: string | undefined): Promise<void> {
  // Signed in AND an admin: between another worker's registration and its verification link the
  // account signs in as a customer, and that session ends when the link makes it an admin.
  const signIn = async () =>
    (await page.request.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, headers: { origin: baseURL ?? "" } })).ok() &&
    (await page.request.get("/api/users?pageSize=1")).ok();
  if (await signIn()) return;
  const claim = path.join(os.tmpdir(), `toolforge-e2e-admin-${new URL(baseURL ?? "http://localhost").port}-${process.env.E2E_RUN_ID ?? "run"}`);
  let mine = false;
  try {
    fs.mkdirSync(claim);
    mine = true;
  } catch {
    // Another worker is registering the admin.
  }
  if (mine) {
    await registerThroughPage(page, "Ada Admin", ADMIN_EMAIL);
    await verifyEmailThroughMail(page, ADMIN_EMAIL);
    // The proof made the account an admin, and the page says so with the way in.
    await expect(page.getByRole("status").filter({ hasText: "Your account is an admin of this shop." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute("href", "/dashboard");
    return;
  }
  await expect.poll(signIn, { timeout: 90_000, intervals: [1_000] }).toBe(true);
}

/**
 * The code in the newest text message to a number, read from the admin's Text messages page (the
 * SMS outbox) the way a person reads the text on their phone.
 */
export async function readTextedCode(adminPage: Page, phoneNumber: string): Promise<string> {
  await adminPage.goto("/dashboard/texts");
  const text = adminPage.getByRole("article").filter({ has: adminPage.getByRole("heading", { name: `To ${phoneNumber}` }) }).first();
  await expect(text).toBeVisible();
  const code = /(\d{6}) is your ToolForge sign-in code/.exec((await text.textContent()) ?? "")?.[1];
  if (!code) throw new Error(`no code in the text to ${phoneNumber}`);
  return code;
}

/** A shipping address for orders the e2e tests place. */
export const E2E_ADDRESS = {
  name: "Erin Endtoend",
  line1: "3 Workshop Row",
  line2: "",
  city: "Sheffield",
  region: "",
  postalCode: "S1 4PD",
  country: "United Kingdom",
};

/** Fills the shipping address fields of the purchase page or the checkout. */
export async function fillAddress(page: Page, address = E2E_ADDRESS): Promise<void> {
  await page.getByLabel("Full name").fill(address.name);
  await page.getByLabel("Address line 1").fill(address.line1);
  await page.getByLabel("City").fill(address.city);
  await page.getByLabel("Postal code").fill(address.postalCode);
  await page.getByLabel("Country").fill(address.country);
}

/** A tool a test added through the API, as `POST /api/products` answered it. */
export type AddedProduct = { id: string; name: string; imageUrl: string; priceCents: number; stock: number; minOrderQuantity: number };

/**
 * Adds a tool of the test's own through the API, with `adminPage` signed in as an admin. Its name gets
 * a unique ending, as names are unique among the tools on sale; a test that reads or changes stock uses
 * such a tool, never a sample one that the tests beside it may order.
 */
export async function addProductThroughApi(
  adminPage: Page,
  baseURL: string | undefined,
  tool: { name: string; description?: string; priceCents: number; stock: number; minOrderQuantity: number },
): Promise<AddedProduct> {
  const created = await adminPage.request.post("/api/products", {
    data: { description: `${tool.name}, made for a test.`, imageUrl: "/images/products/claw-hammer.svg", ...tool, name: `${tool.name} ${Date.now().toString(36)}` },
    headers: { origin: baseURL ?? "" },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as AddedProduct;
}

/**
 * The home page's "Buy now" for a tool just added: the home page is rendered statically and rebuilt
 * after the change, leading with the newest tools, so it is reloaded until the tool shows.
 */
export async function buyNowOnHomePage(page: Page, name: string): Promise<Locator> {
  const buyNow = page.locator('[data-section="products"]').getByRole("link", { name: `Buy now: ${name}` });
  await expect(async () => {
    await page.goto("/");
    await expect(buyNow).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return buyNow;
}
