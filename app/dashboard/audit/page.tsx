import type { Metadata } from "next";
import Link from "next/link";
import { AuditTable } from "@/components/admin/audit-table";
import { AdminPageHeader, EmptyState } from "@/components/admin/data-table";
import { Pagination, readPage } from "@/components/admin/pagination";
import { requirePageActor } from "@/components/auth/session";
import { ForbiddenMessage } from "@/components/dashboard/forbidden-message";
import { listAudit } from "@/lib/audit/service";

export const metadata: Metadata = { title: "Audit log", robots: { index: false } };

type AuditPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const pageHref = (page: number) => (page > 1 ? `/dashboard/audit?page=${page}` : "/dashboard/audit");

export default async function AuditPage({ searchParams }: AuditPageProps) {
  const actor = await requirePageActor("/dashboard/audit");
  if (actor.role !== "admin") return <ForbiddenMessage />;

  const page = readPage((await searchParams).page);
  const log = await listAudit(actor, page);
  const pageCount = Math.max(1, Math.ceil(log.total / log.pageSize));

  return (
    <>
      <AdminPageHeader title="Audit log">
        Every change an admin made to orders, products, roles and reviews, newest first ({log.total}{" "}
        {log.total === 1 ? "entry" : "entries"}).
      </AdminPageHeader>
      {log.items.length === 0 ? (
        <EmptyState title={log.total === 0 ? "Nothing has been changed yet." : `There is no page ${page}.`}>
          {log.total > 0 ? (
            <Link href={pageHref(1)} className="font-semibold text-brand underline underline-offset-2 hover:text-brand-dark">
              Go to the first page
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <AuditTable entries={log.items} />
      )}
      <Pagination page={page} pageCount={pageCount} href={pageHref} label="Audit log pages" />
    </>
  );
}
