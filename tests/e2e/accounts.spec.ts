import { expect, test } from "./fixtures";
import { expectNoAxeViolations, registerThroughPage, signInThroughPage } from "./helpers";

test("register with a photo, see the avatar menu, sign out and back in", async ({ page }) => {
  await page.goto("/register");
  await expect(page).toHaveTitle("ToolForge | Register");
  await expectNoAxeViolations(page);

  const email = await registerThroughPage(page, "Riley Register");
  await expect(page).toHaveURL(/\/$/);
  const avatar = page.getByTestId("user-menu");
  await expect(avatar.locator("img")).toHaveAttribute("src", /\/uploads\/[a-f0-9]{32}\.webp|_next\/image/);

  await avatar.click();
  await expect(page.getByRole("menuitem", { name: "My Profile" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByText("Signed out")).toBeVisible();
  await expect(page.getByTestId("login-link")).toBeVisible();

  await page.getByTestId("login-link").click();
  await expect(page).toHaveURL(/\/login/);
  await signInThroughPage(page, email);
  await expect(page.getByTestId("user-menu")).toBeVisible();
});

test("the header's Login brings the visitor back to the page they were reading", async ({ page, browser }) => {
  const email = await registerThroughPage(page);
  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto("/servicedata?q=saw");
  await visitor.getByTestId("login-link").click();
  await expect(visitor).toHaveURL(/\/login\?next=%2Fservicedata%3Fq%3Dsaw$/);
  await signInThroughPage(visitor, email);
  await expect(visitor).toHaveURL(/\/servicedata\?q=saw$/);
  await expect(visitor.getByTestId("user-menu")).toBeVisible();

  // The phone menu's Login and Create an account keep the page as well.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto("/products/prd_claw_hammer_16oz");
  await phone.getByRole("button", { name: "Open Dashboard" }).click();
  const drawer = phone.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login?next=%2Fproducts%2Fprd_claw_hammer_16oz");
  await expect(drawer.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register?next=%2Fproducts%2Fprd_claw_hammer_16oz");
  await phone.close();
  await fresh.close();
});

test("the register form explains what is missing", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: /create account|register/i }).click();
  await expect(page.getByText("Enter your name")).toBeVisible();
  await expect(page.getByText("Enter a valid email")).toBeVisible();
  await expect(page.getByText("Use at least 8 characters")).toBeVisible();
  await expect(page.getByText("Add a profile photo")).toBeVisible();
});

test("Buy now, signed out: the link leads through sign-in to the purchase page, and the header knows the customer", async ({ page, browser }) => {
  const email = await registerThroughPage(page);
  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto("/products/prd_claw_hammer_16oz");
  // A client-side navigation: the router, not the browser, meets the redirect to /login.
  await visitor.getByRole("link", { name: /^Buy now: / }).first().click();
  await expect(visitor).toHaveURL(/\/login\?next=%2FpurchasePages%2Fprd_claw_hammer_16oz/);
  await signInThroughPage(visitor, email);
  await expect(visitor).toHaveURL(/\/purchasePages\/prd_claw_hammer_16oz/);
  await expect(visitor.getByRole("heading", { name: "Order this tool" })).toBeVisible();
  await expect(visitor.getByTestId("user-menu")).toBeVisible();
  await fresh.close();
});

test("a session that ended behind a cookie still present goes through sign-in back to the same address, query included", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  // A cookie of the right name whose session is gone (signed out elsewhere, or expired): the proxy lets
  // it through, and the page itself sends it to sign in.
  await context.addCookies([{ name: "toolforge.session_token", value: "ended-session.signature", url: baseURL ?? "" }]);
  const visitor = await context.newPage();
  const response = await visitor.goto("/purchasePages/prd_claw_hammer_16oz?quantity=12");
  expect(response?.url()).toMatch(/\/login\?next=%2FpurchasePages%2Fprd_claw_hammer_16oz%3Fquantity%3D12$/);
  await context.close();
});

test("a signed-out visit to a protected page goes through sign-in and comes back", async ({ page, browser }) => {
  const email = await registerThroughPage(page);
  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  const response = await visitor.goto("/dashboard/myorders");
  expect(response?.url()).toMatch(/\/login\?next=%2Fdashboard%2Fmyorders$/);
  await signInThroughPage(visitor, email);
  await expect(visitor).toHaveURL(/\/dashboard\/myorders$/);

  for (const path of ["/profile", "/purchasePages/prd_claw_hammer_16oz"]) {
    const anonymous = await (await browser.newContext()).newPage();
    await anonymous.goto(path);
    await expect(anonymous).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  }
  await fresh.close();
});

test("at phone width the drawer opens from Open Dashboard and closes with Escape", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const opener = page.getByRole("button", { name: "Open Dashboard" });
  await expect(opener).toBeVisible();
  await opener.click();
  await expect(opener).toHaveAttribute("aria-expanded", "true");
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: "Service" })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await page.getByRole("dialog").getByRole("link", { name: "Service" }).click();
  await expect(page).toHaveURL(/\/servicedata$/);
});
