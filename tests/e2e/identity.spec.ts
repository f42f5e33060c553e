import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations, registerThroughPage, signInAsAdmin, signInThroughPage, uniqueEmail } from "./helpers";
import { linkIn, newestMailTo } from "./mail";
import { E2E_ADDRESS } from "./helpers";

const PASSWORD = "a-long-password";

async function placeOrder(page: Page, baseURL: string | undefined): Promise<string> {
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: { id: string; minOrderQuantity: number }[] };
  const item = list.items[0];
  if (!item) throw new Error("the sample catalog is empty");
  const placed = await page.request.post("/api/orders", {
    data: { productId: item.id, quantity: item.minOrderQuantity, phone: "+1 555 010 0168", shippingAddress: E2E_ADDRESS },
    headers: { origin: baseURL ?? "" },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { id: string }).id;
}

test("register, open the verification mail, and the account shows as verified", async ({ page }) => {
  const email = await registerThroughPage(page, "Vic Verify");
  // Unverified customers can shop; the account menu reminds them and leads to the resend button.
  const account = page.getByRole("button", { name: "Account menu for Vic Verify" });
  await expect(account).toHaveAccessibleDescription("Your email address is not confirmed yet.");
  await account.click();
  await page.getByRole("menuitem", { name: "Confirm your email address" }).click();
  await expect(page).toHaveTitle("ToolForge | Sign-in & security");
  const emailSection = page.getByRole("region", { name: "Email address" });
  await expect(emailSection.getByText("Not verified", { exact: true })).toBeVisible();
  await emailSection.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();

  const mail = await newestMailTo(email, { subject: "Confirm your email address for ToolForge" });
  expect(mail.text).toContain("Hello Vic Verify,");
  await page.goto(linkIn(mail, "/api/account/verify-email"));
  await expect(page).toHaveURL(/\/verify-email\?result=verified$/);
  await expect(page.getByRole("heading", { level: 1, name: "Email address verified" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Go to sign-in & security" }).click();
  await expect(page).toHaveTitle("ToolForge | Sign-in & security");
  await expect(emailSection.getByTestId("account-email")).toHaveText(email);
  await expect(emailSection.getByText("Verified", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  // The reminder is gone from the account menu.
  await expect(account).toHaveAccessibleDescription("");
  await account.click();
  await expect(page.getByRole("menuitem", { name: "My Profile" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Confirm your email address" })).toHaveCount(0);
  await expect(page.getByTestId("unconfirmed-dot")).toHaveCount(0);

  await page.goto("/profile");
  await expect(page.getByText("Email verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send the link again" })).toHaveCount(0);

  // This link is used up; opened again by its verified owner, it says there is nothing more to do.
  await page.goto(linkIn(mail, "/api/account/verify-email"));
  await expect(page.getByRole("heading", { level: 1, name: "Email address already verified" })).toBeVisible();
});

test("the reminder to confirm an address moves nothing on the page and covers nothing", async ({ page, browser }) => {
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: { id: string; name: string }[] };
  const product = list.items[0];
  if (!product) throw new Error("the sample catalog is empty");
  const email = await registerThroughPage(page, "Sam Steady");
  const visitor = await browser.newPage();
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    // The same page for a visitor, who is not reminded of anything: where its Add to cart button is.
    await visitor.setViewportSize(viewport);
    await visitor.goto(`/products/${product.id}`);
    const expected = await visitor.getByRole("button", { name: `Add to cart: ${product.name}` }).boundingBox();

    // The session is known after the first paint; what it brings must not move the button under a
    // click aimed at it, nor lie over any part of the page.
    await page.setViewportSize(viewport);
    await page.goto(`/products/${product.id}`);
    const account = page.getByRole("button", { name: "Account menu for Sam Steady" });
    await expect(account).toHaveAccessibleDescription("Your email address is not confirmed yet.");
    await expect(page.getByTestId("unconfirmed-dot")).toBeVisible();
    expect((await page.getByRole("button", { name: `Add to cart: ${product.name}` }).boundingBox())?.y).toBe(expected?.y);
    expect(await page.locator("body *").evaluateAll((nodes) => nodes.filter((node) => ["fixed", "sticky"].includes(getComputedStyle(node).position) && getComputedStyle(node).bottom === "0px").length)).toBe(0);
  }
  await visitor.close();

  // The profile offers to send the link again, as Sign-in & security does.
  await page.goto("/profile");
  await expect(page.getByText("Email not verified", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a verification link opened on another device asks to sign in there first, then confirms the address", async ({ page, browser }) => {
  const email = await registerThroughPage(page, "Otto Otherdevice");
  const mail = await newestMailTo(email, { subject: "Confirm your email address for ToolForge" });
  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  await phone.goto(linkIn(mail, "/api/account/verify-email"));
  // Not signed in here: nothing is decided and the link stays good (a mail scanner's fetch looks the same).
  await expect(phone.getByRole("heading", { level: 1, name: "Sign in to confirm your address" })).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.getByRole("link", { name: "Sign in to confirm" }).click();
  await expect(phone).toHaveURL(/\/login\?next=/);
  await signInThroughPage(phone, email);
  await expect(phone.getByRole("heading", { level: 1, name: "Confirm your email address" })).toBeVisible();
  await phone.getByRole("link", { name: "Confirm my address" }).click();
  await expect(phone).toHaveURL(/\/verify-email\?result=verified$/);
  await expect(phone.getByRole("heading", { level: 1, name: "Email address verified" })).toBeVisible();
  await elsewhere.close();
});

test("forgot password → reset from the mail → every older session is signed out", async ({ page, browser }) => {
  // Three browsers, a mail round trip, two axe scans and three sign-ins: on a slow host (2026-11-27,
  // where every e2e test took two to three times as long) it ran out of the default 60 s at its last step.
  test.setTimeout(120_000);
  const email = await registerThroughPage(page, "Rory Reset");
  // A second device, signed in before the reset.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto("/login");
  await signInThroughPage(other, email);

  const fresh = await browser.newContext();
  const person = await fresh.newPage();
  await person.goto("/login");
  // The address typed on /login goes along to the reset form.
  await person.getByLabel("Email").fill(email);
  await person.getByRole("link", { name: "Forgot password?" }).click();
  await expect(person).toHaveURL(/\/forgot-password$/);
  await expect(person.getByLabel("Email")).toHaveValue(email);
  await expectNoAxeViolations(person);
  await person.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(person.getByRole("status")).toContainText("If an account uses this address, we have emailed it a link");

  const mail = await newestMailTo(email, { subject: "Reset your ToolForge password" });
  const link = linkIn(mail, "/reset-password");
  await person.goto(link);
  await expect(person.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expectNoAxeViolations(person);
  await person.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await person.getByLabel("New password again").fill("a-different-one-typo");
  await person.getByRole("button", { name: "Save the new password" }).click();
  await expect(person.getByText("The two passwords are not the same")).toBeVisible();
  await person.getByLabel("New password again").fill("a-brand-new-password");
  await person.getByRole("button", { name: "Save the new password" }).click();
  await expect(person.getByText("Password changed. Every other session was signed out.")).toBeVisible();
  await expect(person).toHaveURL(/\/account\/security$/);
  const sessions = person.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(sessions).toContainText("This device");

  for (const before of [page, other]) {
    await before.goto("/dashboard/myorders");
    await expect(before).toHaveURL(/\/login\?next=/);
  }
  await signInThroughPage(other, email, "a-brand-new-password");

  // The link works once.
  await person.goto(link);
  await expect(person.getByText("This link has already been used.", { exact: false })).toBeVisible();
  await otherContext.close();
  await fresh.close();
});

test("sign in with an email link, once", async ({ page, browser }) => {
  const email = await registerThroughPage(page, "Lee Link");
  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto("/login?next=%2Fdashboard%2Fmyorders");
  // The address typed in the sign-in form is offered in the link's form.
  await visitor.getByLabel("Email", { exact: true }).fill(email);
  await visitor.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(visitor.getByLabel("Email for the sign-in link")).toHaveValue(email);
  await visitor.getByRole("button", { name: "Send the link" }).click();
  await expect(visitor.getByRole("status")).toContainText("If an account uses this address, we have emailed it a sign-in link");
  await expectNoAxeViolations(visitor);

  const mail = await newestMailTo(email, { subject: "Your ToolForge sign-in link" });
  const link = linkIn(mail, "/login/link");
  await visitor.goto(link);
  await expect(visitor.getByText(`You are signing in as ${email}.`)).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(visitor.getByText("Signed in successfully")).toBeVisible();
  await expect(visitor).toHaveURL(/\/dashboard\/myorders$/);
  await expect(visitor.getByTestId("user-menu")).toBeVisible();

  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByText("This link has already been used.", { exact: false })).toBeVisible();
  await expect(again.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  await fresh.close();
});

test("see where you are signed in and sign another device out", async ({ page, browser }) => {
  const email = await registerThroughPage(page, "Sam Sessions");
  const phoneContext = await browser.newContext({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1" });
  const phone = await phoneContext.newPage();
  await phone.goto("/login");
  await signInThroughPage(phone, email);

  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign-in & security" }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  const sessions = page.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  // One to a page: the links page through them, and the phone is on the second (this device comes first).
  await page.goto("/account/security?sessionspageSize=1");
  const paging = page.getByRole("navigation", { name: "Session pages" });
  await expect(paging).toContainText("Page 1 of 2");
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(sessions).toContainText("This device");
  await paging.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/sessionspage=2#sessions-title$/);
  await expect(sessions).toContainText("Safari on iPhone");
  await expect(page.getByRole("heading", { name: "Where you're signed in" })).toBeInViewport();
  // Past the last page: the lists' own message and the way back.
  await page.goto("/account/security?sessionspage=5");
  await expect(page.getByText("There is no page 5.")).toBeVisible();
  await page.getByRole("link", { name: "Go to the first page" }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  const phoneRow = sessions.getByRole("listitem").filter({ hasText: "Safari on iPhone" });
  await phoneRow.getByRole("button", { name: /^Sign out/ }).click();
  await expect(page.getByText("Session signed out")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);

  await phone.goto("/dashboard/myorders");
  await expect(phone).toHaveURL(/\/login\?next=/);
  await phoneContext.close();
});

test("delete the account: signed out, and the order stays for the shop, anonymised", async ({ page, browser, baseURL }) => {
  const email = await registerThroughPage(page, "Del Delete");
  const orderId = await placeOrder(page, baseURL);

  await page.goto("/account/security");
  const danger = page.getByRole("region", { name: "Delete account" });
  await danger.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account for good?" });
  await expect(dialog).toContainText("cannot be brought back");
  await dialog.getByRole("button", { name: "Keep my account" }).click();
  await expect(page.getByText("Not deleted")).toBeVisible();
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("login-link")).toBeVisible();

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Wrong email or password.")).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, baseURL);
  await admin.goto(`/dashboard/manageOrder?q=anonymised`);
  const row = admin.locator(`tr[data-order-id="${orderId}"]`);
  await expect(row).toContainText("anonymised@deleted.invalid");
  await expect(admin.locator("main")).not.toContainText(email);
  await adminContext.close();
});

test("an admin disables an account from Make Admin: the person is signed out at once and told why", async ({ page, browser, baseURL }) => {
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const email = await registerThroughPage(customer, "Dee Disabled");

  await signInAsAdmin(page, baseURL);
  await page.goto(`/dashboard/makeAdmin?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("table", { name: "Accounts, oldest first" }).getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: `Disable ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Disable ${email}?` });
  await expect(dialog).toContainText("signed out on every device at once");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Disable account" }).click();
  await expect(page.getByText("Account disabled")).toBeVisible();
  await expect(row).toContainText("Disabled");

  await customer.goto("/dashboard/myorders");
  await expect(customer).toHaveURL(/\/login\?next=/);
  await customer.getByLabel("Email").fill(email);
  await customer.getByLabel("Password").fill(PASSWORD);
  await customer.getByRole("button", { name: "Login" }).click();
  await expect(customer.getByText("This account has been disabled. Contact us if you think this is a mistake.")).toBeVisible();

  await row.getByRole("button", { name: `Enable ${email}` }).click();
  await expect(page.getByText("Account enabled")).toBeVisible();
  await signInThroughPage(customer, email);
  await customerContext.close();
});

test("a link for nobody, and an unknown address, read like any other", async ({ page }) => {
  await page.goto(`/reset-password?token=${"x".repeat(43)}`);
  await expect(page.getByText("This link is not valid.", { exact: false })).toBeVisible();
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses this address, we have emailed it a link");
});

test("a new email address: the mailed link changes nothing until it is pressed where the account is signed in, with or without scripts", async ({ page, browser, baseURL }) => {
  const email = await registerThroughPage(page, "Ema Change");
  const newEmail = uniqueEmail("moved");
  const asked = await page.request.post("/api/me/email", { data: { email: newEmail }, headers: { origin: baseURL ?? "" } });
  expect(asked.status()).toBe(202);
  const mail = await newestMailTo(newEmail, { subject: "Confirm your new email address for ToolForge" });
  const link = linkIn(mail, "/confirm-email");

  // Opened where nobody is signed in, as a phone's mail app would (or the owner of an address a
  // stranger typed), and with no scripts, as a scanner would: it asks for the account's sign-in.
  const elsewhere = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const other = await elsewhere.newPage();
  try {
    await other.goto(link);
    await expect(other.getByRole("heading", { name: "Sign in to confirm your new address" })).toBeVisible();
    await expect(other.getByRole("button", { name: "Confirm this address" })).toHaveCount(0);
    const opened = new URL(link, baseURL);
    await expect(other.getByRole("link", { name: "Sign in to confirm" })).toHaveAttribute("href", `/login?next=${encodeURIComponent(opened.pathname + opened.search)}`);
  } finally {
    await elsewhere.close();
  }
  expect(((await (await page.request.get("/api/me")).json()) as { email: string }).email).toBe(email);

  // In the browser signed in to the account, with no scripts: one press moves it.
  const signedIn = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const owner = await signedIn.newPage();
  try {
    await owner.goto(link);
    await expect(owner.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
    await expect(owner.getByText(`Use ${newEmail} for your account from now on.`)).toBeVisible();
    await owner.getByRole("button", { name: "Confirm this address" }).click();
    await expect(owner).toHaveURL(/\/verify-email\?result=changed$/);
    await expect(owner.getByRole("heading", { name: "Email address changed" })).toBeVisible();
    expect(((await (await owner.request.get("/api/me")).json()) as { email: string }).email).toBe(newEmail);

    // A second press (the link again) says the link was used.
    await owner.goto(link);
    // In the page: the toaster's empty alert region is on every page too.
    await expect(owner.getByRole("main").getByRole("alert")).toBeVisible();
  } finally {
    await signedIn.close();
  }

  // Again, opened in the signed-in browser with scripts, pressed once the page has hydrated: the
  // early-action replay (ADR 050) once held this plain form for 10 s and then dropped it.
  const newer = uniqueEmail("moved-again");
  expect((await page.request.post("/api/me/email", { data: { email: newer }, headers: { origin: baseURL ?? "" } })).status()).toBe(202);
  const again = linkIn(await newestMailTo(newer, { subject: "Confirm your new email address for ToolForge" }), "/confirm-email");
  await page.goto(again);
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("_reactListening")));
  await page.getByRole("button", { name: "Confirm this address" }).click();
  await expect(page).toHaveURL(/\/verify-email\?result=changed$/, { timeout: 5_000 });
  expect(((await (await page.request.get("/api/me")).json()) as { email: string }).email).toBe(newer);
});
