import type { Metadata } from "next";
import Link from "next/link";
import { AuditHistoryLink } from "@/components/admin/audit-history-link";
import { AdminPageHeader } from "@/components/admin/data-table";
import { listFrom } from "@/components/admin/list-return";
import { MANAGE_PRODUCTS_PATH, manageProductsHref, readProductSearch } from "@/components/admin/manage-products-href";
import { readPage } from "@/components/admin/pagination";
import { ProductForm } from "@/components/admin/product-form";
import { findPageActor, findPageAdmin } from "@/app/page-session";
import { forbiddenPage, notFoundMetadata, notFoundPage } from "@/app/page-answers";
import { countAuditEntries } from "@/lib/audit/service";
import { findProductAt } from "@/lib/catalog/service";

const pageMetadata = { title: "Edit Product", robots: { index: false } } satisfies Metadata;

type EditProductPageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: EditProductPageProps): Promise<Metadata> {
  // Only an admin learns whether the product exists.
  if ((await findPageActor())?.role !== "admin") return pageMetadata;
  return (await findProductAt((await params).id)) ? pageMetadata : notFoundMetadata;
}

export default async function EditProductPage({ params, searchParams }: EditProductPageProps) {
  const { id } = await params;
  // The page of Manage Products the edit was opened from: its way back, and where a save returns.
  const list = listFrom((await searchParams).from);
  const fromList = list?.path === MANAGE_PRODUCTS_PATH ? list.params : {};
  const returnHref = manageProductsHref(readPage(fromList.page), readProductSearch(fromList.q) || undefined);
  const actor = await findPageAdmin(`/dashboard/manageProducts/${encodeURIComponent(id)}`);
  if (!actor) return forbiddenPage();

  const product = await findProductAt(id);
  if (!product) return notFoundPage();
  const changes = await countAuditEntries(actor, "product", product.id);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={returnHref} className="font-semibold text-brand underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>Manage Products
        </Link>
      </p>
      <AdminPageHeader
        title="Edit Product"
        actions={<AuditHistoryLink entity="product" entityId={product.id} changes={changes} />}
      >
        Change any field of <span className="font-semibold">{product.name}</span>. Orders already placed keep the name, photo and
        price they were placed with.
      </AdminPageHeader>
      <ProductForm mode="edit" product={product} returnHref={returnHref} />
    </>
  );
}
