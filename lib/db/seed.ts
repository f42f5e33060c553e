import "server-only";
import { sql } from "drizzle-orm";
import { product } from "@/models/schema";
import type { Db } from "./client";

type SampleProduct = Omit<typeof product.$inferInsert, "createdAt" | "updatedAt" | "deletedAt">;

/**
 * The sample range a newcomer sees on first start. Ids are fixed so that two instances seeding the
 * same empty PostgreSQL at once insert each product once (on conflict do nothing).
 */
export const sampleCatalog: SampleProduct[] = [
  {
    id: "prd_claw_hammer_16oz",
    name: "Forged Claw Hammer 16 oz",
    description:
      "Drop-forged carbon steel head with a smooth face and a curved claw for pulling nails. The hickory handle is sanded to a satin finish and wedged twice so the head never works loose.",
    imageUrl: "/images/products/claw-hammer.webp",
    priceCents: 2499,
    stock: 420,
    minOrderQuantity: 10,
  },
  {
    id: "prd_combination_wrench_set",
    name: "Combination Wrench Set, 8–19 mm",
    description:
      "Twelve chrome-vanadium spanners with a 15° offset open end and a 12-point ring end. Satin chrome resists corrosion and the metric sizes are stamped deep so they stay legible.",
    imageUrl: "/images/products/combination-wrench.webp",
    priceCents: 6950,
    stock: 180,
    minOrderQuantity: 5,
  },
  {
    id: "prd_adjustable_wrench_250",
    name: "Adjustable Wrench 250 mm",
    description:
      "A 10-inch adjustable wrench opening to 30 mm, with a precision-cut worm screw that holds its setting under load and laser-etched scales on the jaw.",
    imageUrl: "/images/products/adjustable-wrench.webp",
    priceCents: 1890,
    stock: 350,
    minOrderQuantity: 10,
  },
  {
    id: "prd_lineman_pliers_230",
    name: "Lineman's Pliers 230 mm",
    description:
      "Induction-hardened cutting edges that snip hard wire up to 2.5 mm, knurled gripping jaws and two-component grips for a firm, comfortable hold on long shifts.",
    imageUrl: "/images/products/lineman-pliers.webp",
    priceCents: 2275,
    stock: 260,
    minOrderQuantity: 6,
  },
  {
    id: "prd_screwdriver_set_6",
    name: "Precision Screwdriver Set, 6 pieces",
    description:
      "Three slotted and three Phillips drivers with magnetised S2 steel tips and cushioned tri-lobe handles. Comes in a wall-mountable rack for the workbench.",
    imageUrl: "/images/products/screwdriver-set.webp",
    priceCents: 3199,
    stock: 300,
    minOrderQuantity: 4,
  },
  {
    id: "prd_panel_saw_550",
    name: "Panel Saw 550 mm, 8 TPI",
    description:
      "A general-purpose hand saw with induction-hardened, triple-ground teeth for fast, clean cuts along and across the grain. The beech handle is shaped for a two-finger grip.",
    imageUrl: "/images/products/panel-saw.webp",
    priceCents: 2850,
    stock: 140,
    minOrderQuantity: 3,
  },
  {
    id: "prd_bevel_chisel_set",
    name: "Bevel-Edge Chisel Set, 4 pieces",
    description:
      "6, 12, 18 and 25 mm chisels in chrome-vanadium steel, hardened to 60 HRC and lapped flat on the back. Ash handles with steel hoops take mallet blows without splitting.",
    imageUrl: "/images/products/wood-chisel.webp",
    priceCents: 5400,
    stock: 90,
    minOrderQuantity: 2,
  },
  {
    id: "prd_block_plane_no60",
    name: "Low-Angle Block Plane No. 60½",
    description:
      "A ductile cast-iron body with a 12° bed and an adjustable mouth for end grain and fine trimming. The A2 blade comes honed and holds an edge through long sessions.",
    imageUrl: "/images/products/hand-plane.webp",
    priceCents: 8900,
    stock: 60,
    minOrderQuantity: 2,
  },
  {
    id: "prd_tape_measure_8m",
    name: "Tape Measure 8 m",
    description:
      "A 25 mm wide blade that stands out to 3 m, with a nylon coating against wear, a true-zero end hook and a rubber-armoured case that survives drops from a ladder.",
    imageUrl: "/images/products/tape-measure.webp",
    priceCents: 1450,
    stock: 500,
    minOrderQuantity: 12,
  },
  {
    id: "prd_utility_knife",
    name: "Retractable Utility Knife",
    description:
      "An aluminium body with a three-position slide lock and tool-free blade change. Stores five spare blades in the handle; supplied with ten SK5 steel blades.",
    imageUrl: "/images/products/utility-knife.webp",
    priceCents: 1195,
    stock: 640,
    minOrderQuantity: 12,
  },
];

/** Fills an empty catalog with the sample range; a catalog that ever held a product is left alone. */
export async function seedCatalog(db: Db): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(product);
  if ((row?.count ?? 0) > 0) return;
  await db
    .insert(product)
    // One second apart, so "featured" (oldest first) shows the range in the order listed above.
    .values(sampleCatalog.map((p, i) => ({ ...p, currency: "USD", createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })))
    .onConflictDoNothing();
}
