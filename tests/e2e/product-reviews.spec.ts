import { expect, test, type Browser } from "./fixtures";
import { addProductThroughApi, E2E_ADDRESS, expectFits, expectNoAxeViolations, registerThroughApi, signInAsAdmin } from "./helpers";

const nextYear = new Date().getUTCFullYear() + 1;

/** A customer who bought the tool (ordered and paid through the API) and reviewed it: a verified buyer. */
async function buyAndReview(browser: Browser, baseURL: string | undefined, productId: string, name: string, text: string, rating: number): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await registerThroughApi(page, baseURL, name);
    const headers = { origin: baseURL ?? "" };
    const placed = await page.request.post("/api/orders", {
      data: { productId, quantity: 1, phone: "(555) 010-0199", shippingAddress: E2E_ADDRESS },
      headers,
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { id: string };
    const paid = await page.request.post(`/api/orders/${order.id}/payment/confirm`, {
      data: { card: { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123" } },
      headers,
    });
    expect(paid.status()).toBe(200);
    const reviewed = await page.request.post("/api/reviews", { data: { productId, text, rating }, headers });
    expect(reviewed.status()).toBe(201);
  } finally {
    await context.close();
  }
}

test("a tool's page shows its newest six reviews and links to all of them, a page of twelve at a time", async ({ page, browser, baseURL }) => {
  test.slow();
  await signInAsAdmin(page, baseURL);
  const tool = await addProductThroughApi(page, baseURL, { name: "Reviewed Spokeshave", priceCents: 2400, stock: 50, minOrderQuantity: 1 });
  const stamp = Date.now().toString(36);
  // Seven buyers, one review each, the newest last: 7 is rated 5, the others 4.
  for (let i = 1; i <= 7; i += 1) {
    await buyAndReview(browser, baseURL, tool.id, `Buyer ${i} ${stamp}`, `Review ${i} ${stamp}: cuts clean curves.`, i === 7 ? 5 : 4);
  }

  await page.goto(`/products/${tool.id}`);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("4.1 out of 5 · 7 reviews")).toBeVisible();
  await expect(reviews.getByRole("listitem")).toHaveCount(6);
  await expect(reviews.getByText(`Review 7 ${stamp}: cuts clean curves.`)).toBeVisible();
  // The oldest is not on the product page.
  await expect(reviews.getByText(`Review 1 ${stamp}: cuts clean curves.`)).toHaveCount(0);
  await reviews.getByRole("link", { name: "See all 7 reviews" }).click();

  await expect(page).toHaveURL(new RegExp(`/products/${tool.id}/reviews$`));
  await expect(page).toHaveTitle(new RegExp(`Reviews of ${tool.name}`));
  await expect(page.getByRole("heading", { level: 1, name: `Reviews of ${tool.name}` })).toBeVisible();
  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail.getByRole("link")).toHaveText(["Home", "All tools", tool.name]);
  await expect(page.getByText("4.1 out of 5 · 7 reviews")).toBeVisible();
  const list = page.getByRole("main").getByRole("list").last();
  await expect(list.getByRole("listitem")).toHaveCount(7);
  await expect(list.getByRole("heading", { level: 2 }).first()).toHaveText(`Buyer 7 ${stamp}`);
  await expect(list.getByText(`Review 1 ${stamp}: cuts clean curves.`)).toBeVisible();
  await expect(list.getByText("Verified buyer").first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page);
    await expectNoAxeViolations(page);
  }

  // Three to a page: First/Previous/Next are links, each page has its own address.
  await page.goto(`/products/${tool.id}/reviews?pageSize=3`);
  const pages = page.getByRole("navigation", { name: "Review pages" });
  await expect(pages.getByText("Page 1 of 3")).toBeVisible();
  await pages.getByRole("link", { name: /Next/ }).click();
  await expect(pages.getByText("Page 2 of 3")).toBeVisible();
  await expect(page.getByText(`Review 4 ${stamp}: cuts clean curves.`)).toBeVisible();
  await pages.getByRole("link", { name: /Next/ }).click();
  await expect(pages.getByText("Page 3 of 3")).toBeVisible();
  await expect(page.getByText(`Review 1 ${stamp}: cuts clean curves.`)).toBeVisible();
  await trail.getByRole("link", { name: tool.name }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${tool.id}$`));
});

test("after a refund the author can no longer edit their review of the tool, and can still delete it", async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page, baseURL);
  const tool = await addProductThroughApi(page, baseURL, { name: "Refunded Drawknife", priceCents: 3100, stock: 20, minOrderQuantity: 1 });
  const context = await browser.newContext();
  const customer = await context.newPage();
  const headers = { origin: baseURL ?? "" };
  await registerThroughApi(customer, baseURL, "Rita Refund");
  const placed = await customer.request.post("/api/orders", {
    data: { productId: tool.id, quantity: 1, phone: "(555) 010-0199", shippingAddress: E2E_ADDRESS },
    headers,
  });
  const order = (await placed.json()) as { id: string };
  const paid = await customer.request.post(`/api/orders/${order.id}/payment/confirm`, {
    data: { card: { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123" } },
    headers,
  });
  expect(paid.status()).toBe(200);
  expect((await customer.request.post("/api/reviews", { data: { productId: tool.id, text: "Keen edge, sadly the wrong size.", rating: 4 }, headers })).status()).toBe(201);
  await customer.goto(`/products/${tool.id}`);
  await expect(customer.getByText("Keen edge, sadly the wrong size.")).toBeVisible();
  expect((await page.request.post(`/api/orders/${order.id}/refund`, { data: { reason: "Wrong size" }, headers })).status()).toBe(200);

  await customer.goto(`/dashboard/addReview?product=${tool.id}`);
  await expect(customer.getByText("Your review of this tool stays on its page, but it can no longer be edited")).toBeVisible();
  const kept = customer.getByRole("region", { name: "Your review" });
  await expect(kept.getByText("Keen edge, sadly the wrong size.")).toBeVisible();
  await expect(customer.getByRole("textbox")).toHaveCount(0);
  await expectNoAxeViolations(customer);
  await kept.getByRole("button", { name: `Delete review of ${tool.name}` }).click();
  await customer.getByRole("dialog").getByRole("button", { name: "Delete review" }).click();
  await expect(customer.getByText("Review deleted")).toBeVisible();
  await expect(customer.getByText("You can review a tool once you have bought it")).toBeVisible();
  await customer.goto(`/products/${tool.id}`);
  await expect(customer.getByText("Keen edge, sadly the wrong size.")).toHaveCount(0);
  await context.close();
});
