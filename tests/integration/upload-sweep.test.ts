import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import * as orders from "@/app/api/orders/route";
import { getDb } from "@/lib/db/client";
import { readUpload, saveImage, uploadsDir } from "@/lib/storage";
import { sweepUnusedUploads, UPLOAD_GRACE_MS } from "@/lib/storage/sweep";
import { product, user } from "@/models/schema";
import { makeRequest, noParams, signUp } from "@/tests/fixtures/http";
import { createProduct, markDeletedForTest, TEST_ADDRESS } from "@/tests/fixtures/shop";

// The sweep of uploads nothing uses (ADR 069), on the store this engine uses: the database's table on
// PostgreSQL (`npm run test:pg`), the data directory's disk on PGlite.

const nameOf = (url: string) => url.replace(/^\/uploads\//, "");
const exists = async (url: string) => (await readUpload(nameOf(url))) !== null;

async function photo(): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: "#7c2d12" } }).png().toBuffer();
  return (await saveImage(new Uint8Array(png))).url;
}

async function setProductPhoto(productId: string, url: string): Promise<void> {
  const db = await getDb();
  await db.update(product).set({ imageUrl: url }).where(eq(product.id, productId));
}

it("removes, a day after they were stored, the uploads no product, order or account uses", async () => {
  const db = await getDb();
  const [onSale, onOrderOnly, onDeleted, unused] = [await photo(), await photo(), await photo(), await photo()];

  // A product's photo.
  const tool = await createProduct({ name: "Swept Saw", stock: 10 });
  await setProductPhoto(tool.id, onSale);
  // An account's photo: every account registers with one.
  const customer = await signUp({ name: "Photo Owner" });
  const [account] = await db.select({ image: user.image }).from(user).where(eq(user.id, customer.userId));
  const onAccount = account?.image ?? "";
  expect(onAccount).toMatch(/^\/uploads\//);
  // The photo a tool had when it was bought, replaced since: only the order shows it now.
  const bought = await createProduct({ name: "Rephotographed Rasp", stock: 10 });
  await setProductPhoto(bought.id, onOrderOnly);
  const placed = await orders.POST(
    makeRequest("/api/orders", { method: "POST", json: { productId: bought.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: customer.cookie }),
    noParams(),
  );
  expect(placed.status).toBe(201);
  await setProductPhoto(bought.id, "/images/products/claw-hammer.svg");
  // A deleted product's photo: restoring the product brings it back.
  const retired = await createProduct({ name: "Retired Gouge", stock: 1 });
  await setProductPhoto(retired.id, onDeleted);
  await markDeletedForTest(retired.id);

  // Within the day, nothing goes, not even the unused one: its product may be on its way.
  expect(await sweepUnusedUploads()).toBe(0);
  expect(await exists(unused)).toBe(true);

  // A day later only the unused one goes; a second sweep finds nothing more.
  const dayLater = new Date(Date.now() + UPLOAD_GRACE_MS + 60_000);
  expect(await sweepUnusedUploads(dayLater)).toBe(1);
  expect(await exists(unused)).toBe(false);
  for (const kept of [onSale, onAccount, onOrderOnly, onDeleted]) expect({ kept, exists: await exists(kept) }).toEqual({ kept, exists: true });
  expect(await sweepUnusedUploads(dayLater)).toBe(0);
});

it("on disk, touches only files named as uploads (images kept from before a move to PostgreSQL)", async () => {
  await fs.mkdir(uploadsDir(), { recursive: true });
  const stray = path.join(uploadsDir(), `${"ab".repeat(16)}.webp`);
  const notes = path.join(uploadsDir(), "notes.txt");
  await fs.writeFile(stray, "an old image");
  await fs.writeFile(notes, "an operator's own file");
  const later = new Date(Date.now() + 2 * UPLOAD_GRACE_MS);
  expect(await sweepUnusedUploads(later)).toBe(1);
  await expect(fs.access(stray)).rejects.toMatchObject({ code: "ENOENT" });
  expect(await fs.readFile(notes, "utf8")).toBe("an operator's own file");
});
