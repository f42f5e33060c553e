import { revalidatePath } from "next/cache";
import { invalidateCatalog } from "@/lib/catalog/service";

/** After any change to products or stock: drop the catalog read cache and the static pages built from it. */
export function revalidateCatalogPages(): void {
  invalidateCatalog();
  revalidatePath("/");
  revalidatePath("/servicedata");
}
