import { expect, test, type Browser, type Page } from "./fixtures";
import { browseFromOwnAddress, E2E_ADDRESS, registerThroughApi, signInAsAdmin, subscribeConfirmed, uniqueEmail } from "./helpers";

/** A cursor that decodes, but whose key is no timestamp: the list services refuse it as they refuse "abc". */
const TAMPERED = Buffer.from(JSON.stringify(["garbage", "x", "a"])).toString("base64url");

/**
 * Signs in as the run's admin, again until the session is an admin's: when another spec file is
 * registering the admin, signInAsAdmin returns as soon as the password works, which can be before the
 * address is verified and the role granted, and the verification may end that early session.
 */
async function signInAsVerifiedAdmin(page: Page, baseURL: string | undefined): Promise<void> {
  const isAdmin = async () => (await page.request.get("/api/admin/audit?pageSize=1")).status() === 200;
  await expect
    .poll(async () => (await isAdmin()) || (await signInAsAdmin(page, baseURL), await isAdmin()), { timeout: 90_000, intervals: [1_000] })
    .toBe(true);
}

/** The shop around a page: its header and the dashboard's menu. */
async function expectShopAround(page: Page): Promise<void> {
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
}

test("a control character in a dashboard list's search or filter is read as a space, never a 500", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await browseFromOwnAddress(page);
  await signInAsVerifiedAdmin(page, baseURL);

  // The server's NUL check looks only at a page's path: each page reads its query leniently.
  for (const [link, title] of [
    ["/dashboard/manageOrder?q=%00nobody", "Manage Order"],
    ["/dashboard/makeAdmin?q=ada%00", "Make Admin"],
    ["/dashboard/manageProducts?q=%00", "Manage Products"],
    ["/dashboard/audit?entity=order&entityId=%00", "Audit log"],
  ] as const) {
    const response = await page.goto(link);
    expect(response?.status(), link).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectShopAround(page);
  }
  await page.goto("/dashboard/manageOrder?q=%00nobody");
  await expect(page.locator("#orders-q")).toHaveValue("nobody");
});

test("a damaged page link on a dashboard list shows the shop, the message and the list's first page, never a 500", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await browseFromOwnAddress(page);
  await signInAsVerifiedAdmin(page, baseURL);

  for (const [link, title, firstPage] of [
    ["/dashboard/myorders?page=2&cursor=abc", "My Orders", "/dashboard/myorders"],
    ["/dashboard/manageOrder?status=paid&shipping=pending&q=nobody%40example.com&page=2&cursor=abc", "Manage Order", "/dashboard/manageOrder?status=paid&shipping=pending&q=nobody%40example.com"],
    ["/dashboard/makeAdmin?q=ada&page=2&cursor=abc", "Make Admin", "/dashboard/makeAdmin?q=ada"],
    ["/dashboard/reviews?page=2&cursor=abc", "Reviews", "/dashboard/reviews"],
    [`/dashboard/audit?page=3&cursor=${TAMPERED}`, "Audit log", "/dashboard/audit"],
  ] as const) {
    const response = await page.goto(link);
    expect(response?.status(), link).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectShopAround(page);
    await expect(page.getByText("This page link is not valid.")).toBeVisible();
    await page.getByRole("link", { name: "Go to the first page" }).click();
    await expect(page).toHaveURL(`${baseURL}${firstPage}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("This page link is not valid.")).toHaveCount(0);
  }

  // Two lists on one page: the damaged one says so, the other is shown as usual.
  const messages = page.getByRole("region", { name: /Contact messages/ });
  const subscribers = page.getByRole("region", { name: "Newsletter subscribers" });
  let response = await page.goto("/dashboard/messages?page=2&cursor=abc");
  expect(response?.status()).toBeLessThan(500);
  await expectShopAround(page);
  await expect(messages.getByText("This page link is not valid.")).toBeVisible();
  await expect(subscribers.getByText("This page link is not valid.")).toHaveCount(0);
  await expect(subscribers.getByText(/subscribers?$/).first()).toBeVisible();
  await messages.getByRole("link", { name: "Go to the first page" }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard/messages`);
  await expect(page.getByText("This page link is not valid.")).toHaveCount(0);

  response = await page.goto(`/dashboard/messages?spage=2&scursor=${TAMPERED}`);
  expect(response?.status()).toBeLessThan(500);
  await expect(subscribers.getByText("This page link is not valid.")).toBeVisible();
  await expect(messages.getByText("This page link is not valid.")).toHaveCount(0);
  await subscribers.getByRole("link", { name: "Go to the first page" }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard/messages#subscribers-title`);
  await expect(page.getByText("This page link is not valid.")).toHaveCount(0);
});

/** A customer registered through the API, in a browser of their own, with an address of their own. */
async function newCustomer(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await registerThroughApi(page, baseURL, "Paige Sizer", email);
  return page;
}

/**
 * Opens a list in pages of two and walks Next, Previous (and First, from page 3) through its paging
 * controls: every link keeps ?pageSize=2 (and the list's filters), and every page says "Page x of y".
 */
async function walkPagesOfTwo(page: Page, path: string, nav: string, kept: RegExp, prefix = ""): Promise<void> {
  const paging = page.getByRole("navigation", { name: nav });
  await page.goto(path);
  await expect(paging.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await paging.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]${prefix}page=2(&|#|$)`));
  await expect(page).toHaveURL(kept);
  await expect(page).toHaveURL(new RegExp(`[?&]${prefix}cursor=`));
  await expect(paging.getByText(/^Page 2 of \d+$/)).toBeVisible();
  const pageCount = Number(/of (\d+)/.exec((await paging.getByText(/^Page 2 of \d+$/).textContent()) ?? "")?.[1]);
  if (pageCount >= 3) {
    await paging.getByRole("link", { name: /Next/ }).click();
    await expect(paging.getByText(/^Page 3 of \d+$/)).toBeVisible();
    await expect(page).toHaveURL(kept);
    await paging.getByRole("link", { name: /First/ }).click();
  } else {
    await paging.getByRole("link", { name: /Previous/ }).click();
  }
  await expect(paging.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page).toHaveURL(kept);
  await expect(page).not.toHaveURL(new RegExp(`[?&]${prefix}page=`));
}

test("a list opened with ?pageSize keeps it on Next, Previous and First, and on the way back from a damaged link", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const origin = { origin: baseURL ?? "" };
  const tag = `pgsz${Date.now().toString(36)}`;
  const emails = [uniqueEmail(tag), uniqueEmail(tag), uniqueEmail(tag)];
  const products = (await (await page.request.get("/api/products?sort=name")).json()) as { items: { id: string; minOrderQuantity: number; stock: number }[] };
  const item = products.items.find((product) => product.stock >= product.minOrderQuantity * 4);
  if (!item) throw new Error("no product in the sample catalog has stock for four orders");

  // Three customers: each writes a shop review, a contact message and signs up for the newsletter; the
  // first places four orders, and the admin cancels the last (an audit entry). Every list then has at
  // least two pages of two.
  const customers: Page[] = [];
  const orderIds: string[] = [];
  for (const email of emails) {
    const customer = await newCustomer(browser, baseURL, email);
    customers.push(customer);
    // The buyer orders at once: an API context left idle while the others register can find its
    // kept-alive connection closed by the server (ECONNRESET).
    for (let n = 0; customers.length === 1 && n < 4; n += 1) {
      const placed = await customer.request.post("/api/orders", {
        data: { productId: item.id, quantity: item.minOrderQuantity, phone: "+1 555 010 0188", shippingAddress: E2E_ADDRESS },
        headers: origin,
      });
      expect(placed.status()).toBe(201);
      orderIds.push(((await placed.json()) as { id: string }).id);
    }
    const review = await customer.request.post("/api/reviews", { data: { text: "Solid tools, quick delivery.", rating: 5 }, headers: origin });
    expect(review.status()).toBe(201);
    const contact = await customer.request.post("/api/contact", {
      data: { name: "Paige Sizer", email, company: "Sizer Joinery", country: "United Kingdom", message: "Do you ship to Ireland?" },
      headers: origin,
    });
    expect(contact.status()).toBe(201);
    await subscribeConfirmed(customer.request, baseURL, email);
  }
  const buyer = customers[0]!;

  await walkPagesOfTwo(buyer, "/dashboard/myorders?pageSize=2", "Order pages", /[?&]pageSize=2(&|$)/);

  await browseFromOwnAddress(page);
  await signInAsVerifiedAdmin(page, baseURL);
  expect((await page.request.post(`/api/orders/${orderIds[3]}/cancel`, { headers: origin })).status()).toBe(200);
  const buyerQ = encodeURIComponent(emails[0]!);
  await walkPagesOfTwo(page, "/dashboard/manageOrder?pageSize=2", "Order pages", /[?&]pageSize=2(&|$)/);
  await walkPagesOfTwo(page, `/dashboard/manageOrder?status=unpaid&q=${buyerQ}&pageSize=2`, "Order pages", new RegExp(`status=unpaid&q=${buyerQ}&pageSize=2`));
  await walkPagesOfTwo(page, "/dashboard/makeAdmin?pageSize=2", "Account pages", /[?&]pageSize=2(&|$)/);
  await walkPagesOfTwo(page, `/dashboard/makeAdmin?q=${tag}&pageSize=2`, "Account pages", new RegExp(`q=${tag}&pageSize=2`));
  await walkPagesOfTwo(page, "/dashboard/reviews?pageSize=2", "Review pages", /[?&]pageSize=2(&|$)/);
  await walkPagesOfTwo(page, "/dashboard/audit?pageSize=2", "Audit log pages", /[?&]pageSize=2(&|$)/);
  await walkPagesOfTwo(page, "/dashboard/messages?pageSize=2", "Contact message pages", /[?&]pageSize=2(&|$)/);
  await walkPagesOfTwo(page, "/dashboard/messages?spageSize=2", "Subscriber pages", /[?&]spageSize=2(&|#|$)/, "s");

  // Messages holds two lists: paging through one leaves the other on the page it was on.
  const messagePages = page.getByRole("navigation", { name: "Contact message pages" });
  const subscriberPages = page.getByRole("navigation", { name: "Subscriber pages" });
  await page.goto("/dashboard/messages?pageSize=2&spageSize=2");
  await messagePages.getByRole("link", { name: /Next/ }).click();
  await expect(messagePages.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await subscriberPages.getByRole("link", { name: /Next/ }).click();
  await expect(subscriberPages.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(messagePages.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await messagePages.getByRole("link", { name: /Previous/ }).click();
  await expect(messagePages.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(subscriberPages.getByText(/^Page 2 of \d+$/)).toBeVisible();

  // A search started from a list in pages of two stays in pages of two.
  await page.goto("/dashboard/makeAdmin?pageSize=2");
  const search = page.getByRole("search", { name: "Name or email" });
  await search.getByRole("searchbox", { name: "Name or email" }).fill(tag);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}&pageSize=2|pageSize=2&q=${tag}`));
  await expect(page.getByRole("navigation", { name: "Account pages" }).getByText(/^Page 1 of 2$/)).toBeVisible();

  // The way back from a damaged link keeps the size too.
  await page.goto(`/dashboard/manageOrder?status=unpaid&q=${buyerQ}&pageSize=2&page=2&cursor=abc`);
  await page.getByRole("link", { name: "Go to the first page" }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard/manageOrder?status=unpaid&q=${buyerQ}&pageSize=2`);
  await expect(page.getByRole("navigation", { name: "Order pages" }).getByText("Page 1 of 2")).toBeVisible();

  // An order opened from page 2 of a filtered list goes back to that page of it, filters and size kept (ADR 065).
  const filteredPageTwo = `/dashboard/manageOrder?status=unpaid&q=${buyerQ}&pageSize=2`;
  await page.goto(filteredPageTwo);
  await page.getByRole("navigation", { name: "Order pages" }).getByRole("link", { name: /Next/ }).click();
  await expect(page.getByRole("navigation", { name: "Order pages" }).getByText("Page 2 of 2")).toBeVisible();
  const listUrl = page.url();
  await page.getByRole("table", { name: "All orders, newest first" }).locator("tbody th a").first().click();
  await expect(page.getByRole("link", { name: "Back to Manage Order" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Manage Order" }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole("navigation", { name: "Order pages" }).getByText("Page 2 of 2")).toBeVisible();
  // The customer's own list does the same.
  await buyer.goto("/dashboard/myorders?pageSize=2");
  await buyer.getByRole("navigation", { name: "Order pages" }).getByRole("link", { name: /Next/ }).click();
  await expect(buyer.getByRole("navigation", { name: "Order pages" }).getByText(/^Page 2 of \d+$/)).toBeVisible();
  const myListUrl = buyer.url();
  await buyer.getByRole("table", { name: "Your orders, newest first" }).locator("tbody th a").first().click();
  await buyer.getByRole("link", { name: "Back to My Orders" }).click();
  await expect(buyer).toHaveURL(myListUrl);

  for (const customer of customers) await customer.context().close();
});
