import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader, ListEmptyState } from "@/components/admin/data-table";
import { findListPage, InvalidPageLink } from "@/components/admin/invalid-page-link";
import { keptPageSize, listHref, Pagination, readPageQuery } from "@/components/admin/pagination";
import { SearchForm } from "@/components/admin/search-form";
import { UsersTable } from "@/components/admin/users-table";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";
import { textLinkClass } from "@/components/ui/button";
import { listUsers } from "@/lib/accounts/users";
import { searchTextSchema } from "@/models/paging";
import { userListQuerySchema } from "@/models/users";
import { countOf, formatCount } from "@/models/count";

export const metadata: Metadata = { title: "Make Admin", robots: { index: false } };

type MakeAdminPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PATH = "/dashboard/makeAdmin";
const PAGE_SIZE = 50;

export default async function MakeAdminPage({ searchParams }: MakeAdminPageProps) {
  const actor = await findPageAdmin(PATH);
  if (!actor) return forbiddenPage();

  const params = await searchParams;
  const q = searchTextSchema.catch(undefined).parse(Array.isArray(params.q) ? params.q[0] : params.q);
  // ?role=admin: the admins only (the header's count links there); anything else lists every account.
  const role = userListQuerySchema.shape.role.catch(undefined).parse(Array.isArray(params.role) ? params.role[0] : params.role);
  const paging = readPageQuery(params, PAGE_SIZE);
  const pageSize = keptPageSize(paging, PAGE_SIZE);
  const list = await findListPage(() => listUsers(actor, { ...paging, q, role }));
  const href = (page: number, cursor?: string) => listHref(PATH, { q, role, pageSize }, page, cursor);
  const searchForm = (
    <SearchForm action={PATH} q={q ?? ""} id="users-q" label="Name or email" placeholder="e.g. ann or @example.com" pageSize={pageSize} keep={{ role }} />
  );
  if (!list) {
    return (
      <>
        <AdminPageHeader title="Make Admin" />
        {searchForm}
        <InvalidPageLink firstPageHref={href(1)} />
      </>
    );
  }

  return (
    <>
      <AdminPageHeader title="Make Admin">
        {role ? countOf(list.total, "admin account", "admin accounts") : countOf(list.total, "account", "accounts")}
        {q ? ` ${list.total === 1 ? "matches" : "match"} “${q}”` : ""},{" "}
        {role ? (
          countOf(list.admins, "admin", "admins")
        ) : (
          <Link href={listHref(PATH, { role: "admin", pageSize })} className={textLinkClass}>
            {countOf(list.admins, "admin", "admins")}
          </Link>
        )}{" "}
        in the shop{list.disabledAdmins > 0 ? ` (${formatCount(list.disabledAdmins)} of them disabled)` : ""}. Admins can manage orders, products and roles; a
        change applies on that person&apos;s next click.
        {role ? (
          <>
            {" "}
            Showing admins only:{" "}
            <Link href={listHref(PATH, { q, pageSize })} className={textLinkClass}>
              show every account
            </Link>
            .
          </>
        ) : null}
      </AdminPageHeader>
      {searchForm}
      {list.items.length === 0 ? (
        <ListEmptyState
          total={list.total}
          page={list.page}
          firstPageHref={href(1)}
          empty={q ? (role ? "No admin matches this search." : "No account matches this search.") : "No accounts yet."}
        >
          {q || role ? (
            <Link href={listHref(PATH, { pageSize })} className={textLinkClass}>
              Show every account
            </Link>
          ) : null}
        </ListEmptyState>
      ) : (
        <UsersTable users={list.items} currentUserId={actor.userId} offset={(list.page - 1) * list.pageSize} />
      )}
      <Pagination page={list.page} pageCount={list.pageCount} href={href} nextCursor={list.nextCursor} prevCursor={list.prevCursor} label="Account pages" />
    </>
  );
}
