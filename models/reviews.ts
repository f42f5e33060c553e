import { z } from "zod";
import { pageQuerySchema, type Page, type PageQuery } from "./paging";
import { productIdSchema } from "./catalog";
import { productPath } from "./product-path";
import { textField } from "./text";

export const RATING_MESSAGE = "Choose a rating from 1 to 5";

export const reviewInputSchema = z.strictObject({
  text: textField({ missing: "Write your review", min: 10, tooShort: "Write at least 10 characters", max: 1000, lines: true }),
  rating: z
    .number({ error: RATING_MESSAGE })
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE)
    .refine((r) => Number.isInteger(r * 2), "Ratings go in half stars: 1, 1.5, 2 … 5"),
  /** The product reviewed; left out for a review of the shop. */
  productId: productIdSchema.optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewModerationSchema = z.strictObject({ hidden: z.boolean({ error: "Send hidden as true or false" }) });

export type ReviewView = {
  id: string;
  /** Null for a review of the shop. */
  productId: string | null;
  authorName: string;
  authorImageUrl: string | null;
  rating: number;
  text: string;
  verifiedBuyer: boolean;
  createdAt: string;
};

/** A customer's own review, as they see it: also whether an admin has hidden it from the public pages. */
export type MyReviewView = ReviewView & { hidden: boolean };

/**
 * The admin list also names the tool reviewed (null for the shop, or a tool no longer in the catalog's
 * records), and when the author last rewrote it (`editedAt`, null when never): moderation comes after
 * publishing, so an edited review is a new one to read.
 */
export type AdminReviewView = ReviewView & { hidden: boolean; authorEmail: string; productName: string | null; editedAt: string | null };

/** GET /api/reviews and the admin list: newest first, paged (keyset). */
export const reviewListQuerySchema = pageQuerySchema(12);
export type ReviewListQuery = PageQuery;

/** One page of a product's reviews (`GET /api/products/{id}/reviews`), with the average rating of all of them. */
export type ProductReviewPage = Page<ReviewView> & { averageRating: number | null };

/** Where every published review of the shop is listed, a page at a time (the home page shows the newest). */
export const SHOP_REVIEWS_PATH = "/reviews";

/** Where all of a product's reviews are listed, a page at a time. */
export function productReviewsPath(productId: string): string {
  return `${productPath(productId)}/reviews`;
}
