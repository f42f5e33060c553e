import { z } from "zod";

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

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** The catalog query of GET /api/products and /servicedata. */
export const productQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, "Search text must be at most 100 characters")
    .optional()
    .transform((v) => (v ? v : undefined)),
  sort: z.enum(productSorts, { error: `Sort must be one of: ${productSorts.join(", ")}` }).default("featured"),
  page: wholeNumber("Page", 1, 10_000).default(1),
  pageSize: wholeNumber("Page size", 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
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

export type ProductList = { items: Product[]; total: number; page: number; pageSize: number };
