import { z } from "zod";
import { MAX_CATALOG_PAGE, MAX_PAYMENT_CENTS, MAX_SEARCH_LENGTH, MAX_UNITS } from "./catalog-limits";
import { pageQuerySchema, queryWholeNumber } from "./paging";
import { textField } from "./text";

export const productSorts = ["featured", "name", "price-asc", "price-desc", "newest"] as const;
export type ProductSort = (typeof productSorts)[number];

export const sortLabels: Record<ProductSort, string> = {
  featured: "Featured",
  name: "Name (A–Z)",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  newest: "Newest first",
};

export const MAX_PAGE_SIZE = 48;
export const DEFAULT_PAGE_SIZE = 12;

/** The catalog query of GET /api/products and /servicedata. */
export const productQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `Search text must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  sort: z.enum(productSorts, { error: `Sort must be one of: ${productSorts.join(", ")}` }).default("featured"),
  page: queryWholeNumber("Page", 1, MAX_CATALOG_PAGE).default(1),
  pageSize: queryWholeNumber("Page size", 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

export const productIdSchema = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "Unknown product id");

export type Product = {
  id: string;
  name: string;
  description: string;
  imageUrl: string;
  priceCents: number;
  currency: string;
  stock: number;
  minOrderQuantity: number;
};

export type ProductList = { items: Product[]; total: number; page: number; pageSize: number; pageCount: number };
/** A product taken off sale, as Deleted Products lists it. */
export type DeletedProduct = Product & { deletedAt: string };

/**
 * A price typed in dollars ("24.99" or 24.99) to integer cents, by string arithmetic so that no
 * binary-float rounding can creep in. Null when it is not a positive amount with at most 2 decimals.
 */
export function priceToCents(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

const PRICE_MESSAGE = "Enter a price above 0 with at most 2 decimals, e.g. 24.99";

/** The highest price: one unit must be payable in one payment. */
export const MAX_PRICE_CENTS = MAX_PAYMENT_CENTS;
const PRICE_TOO_LARGE = "The price can be at most $999,999.99, the most one payment can take";

/** A price as an admin types it, in dollars, to integer cents (the form's field; the API takes cents). */
export const typedPriceSchema = z
  .union([z.number({ error: PRICE_MESSAGE }), z.string({ error: PRICE_MESSAGE })], { error: PRICE_MESSAGE })
  .transform((value, ctx) => {
    const cents = priceToCents(value);
    // A well-formed amount that priceToCents refuses for its length is simply too large.
    if (cents === null && /^\d{8,}(?:\.\d{1,2})?$/.test(typeof value === "number" ? String(value) : value.trim())) {
      ctx.addIssue({ code: "custom", message: PRICE_TOO_LARGE });
      return z.NEVER;
    }
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: PRICE_MESSAGE });
      return z.NEVER;
    }
    if (cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: "custom", message: PRICE_TOO_LARGE });
      return z.NEVER;
    }
    return cents;
  });

/** An image shipped with the shop under public/images (the sample catalog's pictures), without dot segments. */
export const SHIPPED_IMAGE_PATH = /^\/images\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:svg|png|jpe?g|webp|avif)$/;

const imageUrlField = z
  .string({ error: "Add a product photo" })
  .trim()
  .min(1, "Add a product photo")
  .max(500)
  // An upload, an image shipped with the shop, or the shop's Cloudinary: the server then checks that it
  // exists (lib/storage isShowableImage). No other host: the pages' img-src would block it.
  .refine(
    (url) =>
      /^\/uploads\/[a-f0-9]{32}\.webp$/.test(url) ||
      SHIPPED_IMAGE_PATH.test(url) ||
      /^https:\/\/res\.cloudinary\.com\/[^\s?#]+$/.test(url),
    "Add a product photo",
  );

export { MAX_UNITS };

const count = (label: string, min: number) =>
  z
    .number({ error: `Enter ${label} as a whole number` })
    .int(`Enter ${label} as a whole number`)
    .min(min, `${label[0]?.toUpperCase()}${label.slice(1)} must be at least ${min}`)
    .max(MAX_UNITS, `${label[0]?.toUpperCase()}${label.slice(1)} can be at most 10,000,000`);

/** Add Product: every field required, the price in integer cents as reads return it. Unknown fields are refused. */
export const productInputSchema = z.strictObject({
  // Runs of spaces become one: a page shows "Saw  A" as "Saw A", so two such names would look the same
  // while the one-name rule (ADR 048) told them apart.
  name: textField({ missing: "Enter the product name", max: 120 }).transform((name) => name.replace(/\s+/g, " ")),
  description: textField({ missing: "Describe the product", max: 2000, lines: true }),
  imageUrl: imageUrlField,
  priceCents: z
    .number({ error: "Send priceCents as a whole number of cents, e.g. 2499" })
    .int("Send priceCents as a whole number of cents, e.g. 2499")
    .min(1, "The price must be at least 1 cent")
    .max(MAX_PRICE_CENTS, PRICE_TOO_LARGE),
  stock: count("the available stock", 0),
  minOrderQuantity: count("the minimum order quantity", 1),
});
export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * Edit Product: any subset of the same fields. Stock is either set (`stock`) or moved by a number of
 * units (`stockChange`, e.g. 50 for a delivery, -3 for damaged units): a change is applied to the stock
 * as it is when it is saved, so orders placed while an admin edits are not overwritten.
 */
export const productPatchSchema = productInputSchema
  .partial()
  .extend({
    stockChange: z
      .number({ error: "Enter the change in stock as a whole number of units" })
      .int("Enter the change in stock as a whole number of units")
      .min(-MAX_UNITS, "The change in stock can be at most 10,000,000 units either way")
      .max(MAX_UNITS, "The change in stock can be at most 10,000,000 units either way")
      .refine((change) => change !== 0, "A change in stock of 0 changes nothing")
      .optional(),
    /**
     * The values the editor started from, for the fields it changes: when another admin changed one
     * of them meanwhile, the edit is refused (409) instead of overwriting theirs unseen.
     */
    expected: z
      .strictObject({
        name: z.string().max(200),
        description: z.string().max(4000),
        imageUrl: z.string().max(2048),
        priceCents: z.number().int(),
        minOrderQuantity: z.number().int(),
      })
      .partial()
      .optional(),
  })
  .refine((patch) => Object.keys(patch).some((key) => key !== "expected"), "Change at least one field")
  .refine((patch) => patch.stock === undefined || patch.stockChange === undefined, {
    message: "Send either stock or stockChange, not both",
    path: ["stockChange"],
  });
export type ProductPatch = z.infer<typeof productPatchSchema>;

// Zod-free, for client components (the catalog grid renders in the browser; ADR 038).
export { schemaAvailability, stockState, type StockState } from "./stock";
export { productPath } from "./product-path";

/** Deleted Products (the page and `GET /api/admin/deleted-products`): offset pages, 25 to a page. */
export const DELETED_PRODUCTS_PAGE_SIZE = 25;
export const deletedProductListQuerySchema = pageQuerySchema(DELETED_PRODUCTS_PAGE_SIZE).omit({ cursor: true });
