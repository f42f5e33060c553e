import type { Metadata } from "next";
import { AuditTable } from "@/components/admin/audit-table";
import { AdminPageHeader, ListEmptyState } from "@/components/admin/data-table";
import { findListPage, InvalidPageLink } from "@/components/admin/invalid-page-link";
import { keptPageSize, listHref, Pagination, readPageQuery } from "@/components/admin/pagination";
import { findPageAdmin } from "@/components/auth/session";
import { ForbiddenMessage } from "@/components/dashboard/forbidden-message";
import { listAudit } from "@/lib/audit/service";
import { countOf } from "@/models/count";

export const metadata: Metadata = { title: "Audit log", robots: { index: false } };

type AuditPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 50;

export default async function AuditPage({ searchParams }: AuditPageProps) {
  const actor = await findPageAdmin("/dashboard/audit");
  if (!actor) return <ForbiddenMessage />;
  const params = await searchParams;

  const paging = readPageQuery(params, PAGE_SIZE);
  const pageHref = (page: number, cursor?: string) => listHref("/dashboard/audit", { pageSize: keptPageSize(paging, PAGE_SIZE) }, page, cursor);
  const log = await findListPage(() => listAudit(actor, paging));
  const about = "Every recorded change to orders, products, accounts, roles and reviews, by admins, by customers and by the shop itself, newest first";
  if (!log) {
    return (
      <>
        <AdminPageHeader title="Audit log">{about}.</AdminPageHeader>
        <InvalidPageLink firstPageHref={pageHref(1)} />
      </>
    );
  }

  return (
    <>
      <AdminPageHeader title="Audit log">
        {about} ({countOf(log.total, "entry", "entries")}).
      </AdminPageHeader>
      {log.items.length === 0 ? (
        <ListEmptyState total={log.total} page={log.page} firstPageHref={pageHref(1)} empty="Nothing has been changed yet." />
      ) : (
        <AuditTable entries={log.items} />
      )}
      <Pagination page={log.page} pageCount={log.pageCount} href={pageHref} nextCursor={log.nextCursor} prevCursor={log.prevCursor} label="Audit log pages" />
    </>
  );
}
