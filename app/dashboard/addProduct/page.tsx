import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/data-table";
import { ProductForm } from "@/components/admin/product-form";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";

export const metadata: Metadata = { title: "Add Product", robots: { index: false } };

export default async function AddProductPage() {
  if (!(await findPageAdmin("/dashboard/addProduct"))) return forbiddenPage();

  return (
    <>
      <AdminPageHeader title="Add Product">
        Every field is required. The product is on sale in the catalog as soon as you submit it.
      </AdminPageHeader>
      <ProductForm mode="add" />
    </>
  );
}
