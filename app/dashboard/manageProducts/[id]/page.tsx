import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/components/admin/data-table";
import { ProductForm } from "@/components/admin/product-form";
import { requirePageAdmin } from "@/components/auth/session";
import { findProductById } from "@/lib/catalog/service";
import { productIdSchema } from "@/models/catalog";

export const metadata: Metadata = { title: "Edit Product", robots: { index: false } };

type EditProductPageProps = { params: Promise<{ id: string }> };

export default async function EditProductPage({ params }: EditProductPageProps) {
  const { id } = await params;
  await requirePageAdmin(`/dashboard/manageProducts/${encodeURIComponent(id)}`);

  const parsed = productIdSchema.safeParse(id);
  const product = parsed.success ? await findProductById(parsed.data) : null;
  if (!product) notFound();

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/dashboard/manageProducts" className="font-semibold text-brand underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>Manage Products
        </Link>
      </p>
      <AdminPageHeader title="Edit Product">
        Change any field of <span className="font-semibold">{product.name}</span>. Orders already placed keep the name, photo and
        price they were placed with.
      </AdminPageHeader>
      <ProductForm mode="edit" product={product} />
    </>
  );
}
