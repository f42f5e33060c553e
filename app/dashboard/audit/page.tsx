import type { Metadata } from "next";
import Link from "next/link";
import { AuditFilterForm } from "@/components/admin/audit-filter-form";
import { AuditTable } from "@/components/admin/audit-table";
import { AdminPageHeader, ListEmptyState } from "@/components/admin/data-table";
import { findListPage, InvalidPageLink } from "@/components/admin/invalid-page-link";
import { keptPageSize, listHref, Pagination, readPageQuery } from "@/components/admin/pagination";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";
import { textLinkClass } from "@/components/ui/button";
import { auditSubjectName, listAudit } from "@/lib/audit/service";
import { AUDIT_PAGE_SIZE as PAGE_SIZE, AUDIT_PATH, readAuditFilter } from "@/models/audit";
import { countOf } from "@/models/count";

export const metadata: Metadata = { title: "Audit log", robots: { index: false } };

type AuditPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditPage({ searchParams }: AuditPageProps) {
  const actor = await findPageAdmin(AUDIT_PATH);
  if (!actor) return forbiddenPage();
  const params = await searchParams;

  const filter = readAuditFilter(params);
  const paging = readPageQuery(params, PAGE_SIZE);
  const pageSize = keptPageSize(paging, PAGE_SIZE);
  const pageHref = (page: number, cursor?: string) => listHref(AUDIT_PATH, { entity: filter.entity, entityId: filter.entityId, pageSize }, page, cursor);
  const [log, subjectName] = await Promise.all([
    findListPage(() => listAudit(actor, { ...filter, ...paging })),
    filter.entity && filter.entityId ? auditSubjectName(actor, filter.entity, filter.entityId) : null,
  ]);
  const header = (
    <>
      <AdminPageHeader title="Audit log">
        Changes made by admins (products, roles, shipping, refunds, reviews, erasures), by customers to their accounts and
        orders (a cancelled order, a new password, a deleted account) and by the shop itself (an automatic refund), newest
        first. Orders placed and paid are in{" "}
        <Link href="/dashboard/manageOrder" className={textLinkClass}>
          Manage Order
        </Link>
        .
      </AdminPageHeader>
      <AuditFilterForm filter={filter} subjectName={subjectName} pageSize={pageSize} />
    </>
  );
  if (!log) {
    return (
      <>
        {header}
        <InvalidPageLink firstPageHref={pageHref(1)} />
      </>
    );
  }

  const filtered = Boolean(filter.entity);
  return (
    <>
      {header}
      <p role="status" className="mb-3 text-sm text-slate-700">
        {countOf(log.total, "entry", "entries")}
        {filtered ? (log.total === 1 ? " matches" : " match") : ""}.
      </p>
      {log.items.length === 0 ? (
        <ListEmptyState
          total={log.total}
          page={log.page}
          firstPageHref={pageHref(1)}
          empty={filter.entityId ? "Nothing has been recorded about it." : filtered ? "No change of this kind has been recorded." : "Nothing has been changed yet."}
        >
          {filtered ? (
            <Link href={AUDIT_PATH} className={textLinkClass}>
              Show every change
            </Link>
          ) : null}
        </ListEmptyState>
      ) : (
        <AuditTable entries={log.items} showing={filter.entityId} />
      )}
      <Pagination page={log.page} pageCount={log.pageCount} href={pageHref} nextCursor={log.nextCursor} prevCursor={log.prevCursor} label="Audit log pages" />
    </>
  );
}
