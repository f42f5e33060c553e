import { expect, test, type Page } from "./fixtures";
import { OIDC_CLIENT } from "@/playwright.config";
import { OIDC_PORT } from "./ports";
import { startOidcServer, type OidcServer } from "@/tests/fixtures/oidc-server";
import { expectNoAxeViolations, registerThroughPage, uniqueEmail } from "./helpers";

let oidc: OidcServer;

test.beforeAll(async ({ baseURL }) => {
  oidc = await startOidcServer({
    port: OIDC_PORT,
    clientId: OIDC_CLIENT.id,
    clientSecret: OIDC_CLIENT.secret,
    redirectUri: `${baseURL}/api/auth/callback/oidc`,
  });
});

test.afterAll(async () => {
  await oidc?.close();
});

/** On the provider's own pages: sign in there as `login`, then allow the shop access. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_PORT}/`));
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("staff sign in through the OpenID Connect provider and come back signed in, with the photo copied in", async ({ page }) => {
  const email = uniqueEmail("staff");
  await page.goto("/login?next=/dashboard/myorders");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Continue with staff single sign-on" }).click();
  await signInAtProvider(page, email);

  await expect(page).toHaveURL(/localhost:\d+\/dashboard\/myorders$/);
  await expect(page.getByTestId("user-menu")).toBeVisible();
  // Told, as after the shop's own sign-in forms (the first sign-in through a provider makes the account).
  await expect(page.getByText("Account created")).toBeVisible();
  const me = (await (await page.request.get("/api/me")).json()) as { email: string; name: string; imageUrl: string | null };
  expect(me).toMatchObject({ email, name: "Sam Staff" });
  // The provider's picture URL is not kept: the shop stored its own re-encoded copy.
  expect(me.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  const photo = await page.request.get(me.imageUrl as string);
  expect(photo.headers()["content-type"]).toBe("image/webp");
});

test("an existing account with the same, unverified address is not taken over through the provider", async ({ page }) => {
  const email = uniqueEmail("taken");
  await registerThroughPage(page, "Olive Owner", email);
  await page.context().clearCookies();

  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with staff single sign-on" }).click();
  await signInAtProvider(page, email);

  await expect(page).toHaveURL(/\/login\?.*error=account_not_linked/);
  await expect(page.getByText(/An account with this email address already exists\. Sign in the way you did before/)).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
});

test("the register page offers the configured providers too, and the first sign-in through one makes the account", async ({ page }) => {
  const email = uniqueEmail("newstaff");
  await page.goto("/register?next=/dashboard/myorders");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Continue with staff single sign-on" }).click();
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/localhost:\d+\/dashboard\/myorders$/);
  await expect(page.getByText("Account created")).toBeVisible();
  const me = (await (await page.request.get("/api/me")).json()) as { email: string };
  expect(me.email).toBe(email);

  // Signed out and in again through the provider: now it is a sign-in.
  await page.context().clearCookies();
  await page.goto("/login?next=/dashboard/myorders");
  await page.getByRole("button", { name: "Continue with staff single sign-on" }).click();
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/localhost:\d+\/dashboard\/myorders$/);
  await expect(page.getByText("Signed in successfully")).toBeVisible();
});
