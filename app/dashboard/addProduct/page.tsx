import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/data-table";
import { ProductForm } from "@/components/admin/product-form";
import { requirePageAdmin } from "@/components/auth/session";

export const metadata: Metadata = { title: "Add Product", robots: { index: false } };

export default async function AddProductPage() {
  await requirePageAdmin("/dashboard/addProduct");

  return (
    <>
      <AdminPageHeader title="Add Product">
        Every field is required. The product is on sale in the catalog as soon as you submit it.
      </AdminPageHeader>
      <ProductForm mode="add" />
    </>
  );
}
