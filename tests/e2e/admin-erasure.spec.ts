import { expect, test } from "./fixtures";
import { expectNoAxeViolations, signInAsAdmin, subscribeConfirmed, uniqueEmail } from "./helpers";

// An erasure request for what no account holds (ADR 015, ADR 074): the admin deletes a contact message
// and a newsletter address from the Messages page, after a confirmation that names each, and the
// audit log keeps that it happened without the person's data.

test("an admin erases a contact message and a newsletter subscriber, after confirming each", async ({ page, baseURL }) => {
  const origin = { origin: baseURL ?? "" };
  const writer = uniqueEmail("erase-writer");
  const name = `Erin Erasure ${Date.now().toString(36)}`;
  const sent = await page.request.post("/api/contact", {
    data: { name, email: writer, company: "Forget-Me Joinery", country: "Ireland", message: "Please erase what I sent you." },
    headers: origin,
  });
  expect(sent.status()).toBe(201);
  const reader = uniqueEmail("erase-reader");
  await subscribeConfirmed(page.request, baseURL, reader);

  await signInAsAdmin(page, baseURL);
  await page.goto("/dashboard/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

  // The message: its Delete button names it, the dialog asks, and declining changes nothing.
  const message = page.getByRole("article", { name: new RegExp(name) });
  await expect(message).toContainText(writer);
  const deleteMessage = message.getByRole("button", { name: new RegExp(`^Delete the message from ${name}, `) });
  await deleteMessage.click();
  const messageDialog = page.getByRole("dialog", { name: `Delete the message from ${name}?` });
  await expect(messageDialog).toContainText("cannot be undone");
  await expectNoAxeViolations(page);
  await messageDialog.getByRole("button", { name: "Keep message" }).click();
  await expect(page.getByText("Not deleted")).toBeVisible();
  await expect(message).toHaveCount(1);
  await deleteMessage.click();
  await messageDialog.getByRole("button", { name: "Delete message" }).click();
  await expect(page.getByText("Message deleted")).toBeVisible();
  await expect(message).toHaveCount(0);
  // The button went with its message: focus is on the page's main region, not lost on the body.
  await expect(page.locator("#main")).toBeFocused();

  // The subscriber: looked up by the whole address (in any case), then erased.
  const search = page.getByRole("search", { name: "Find a subscriber" });
  await search.getByRole("searchbox", { name: "Find a subscriber" }).fill(reader.toUpperCase());
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]sq=/);
  await expect(page.getByText(`1 sign-up with the address “${reader}”`)).toBeVisible();
  const table = page.getByRole("table", { name: `Newsletter sign-ups with the address ${reader}` });
  const row = table.getByRole("row").filter({ hasText: reader });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: `Delete ${reader}` }).click();
  const subscriberDialog = page.getByRole("dialog", { name: `Delete ${reader} from the newsletter?` });
  await expect(subscriberDialog).toContainText("cannot be undone");
  await subscriberDialog.getByRole("button", { name: "Delete subscriber" }).click();
  await expect(page.getByText("Subscriber deleted")).toBeVisible();
  await expect(page.getByText(`No sign-up has the address “${reader}”.`)).toBeVisible();
  await expect(page.locator("#main")).toBeFocused();
  expect(await (await page.request.get("/api/admin/subscribers?format=csv")).text()).not.toContain(reader);

  // The audit log says an admin erased them, and holds neither address.
  const audit = (await (await page.request.get("/api/admin/audit?pageSize=100")).json()) as { items: { action: string; before: unknown }[] };
  const erasures = audit.items.filter((entry) => entry.action === "message.erase" || entry.action === "subscriber.erase");
  expect(erasures.map((entry) => entry.action)).toEqual(expect.arrayContaining(["message.erase", "subscriber.erase"]));
  expect(JSON.stringify(audit.items)).not.toContain(writer);
  expect(JSON.stringify(audit.items)).not.toContain(reader);
});
