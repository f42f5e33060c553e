import { ListEmptyState } from "@/components/admin/data-table";
import { keptPageSize, listHref, Pagination } from "@/components/admin/pagination";
import { listSessions } from "@/lib/accounts/sessions";
import { SESSION_PAGE_SIZE } from "@/models/accounts";
import { countOf } from "@/models/count";
import { formatDateTime } from "@/models/dates";
import type { PageQuery } from "@/models/paging";
import { SecuritySection, type SecuritySectionProps } from "./security-section";
import { SignOutOthersButton, SignOutSessionButton } from "./session-buttons";

/** The prefix of this list's paging parameters on /account/security (`?sessionspage=2`). */
export const SESSIONS_PAGING_PREFIX = "sessions";

/** Where the account is signed in: device, address, last seen; sign out one or all the others. */
export async function SessionsSection({ actor, paging }: SecuritySectionProps & { paging: PageQuery }) {
  const { items, total, page, pageCount } = await listSessions(actor, paging);
  // Every session but this one, on any page: what "Sign out everywhere else" signs out.
  const others = Math.max(0, total - 1);
  const pageSize = keptPageSize(paging, SESSION_PAGE_SIZE);
  const href = (to: number) => `${listHref("/account/security", { [`${SESSIONS_PAGING_PREFIX}pageSize`]: pageSize }, to, undefined, SESSIONS_PAGING_PREFIX)}#sessions-title`;
  return (
    <SecuritySection
      id="sessions"
      title="Where you're signed in"
      description={`${countOf(total, "session", "sessions")}. Sign out of any you don't recognise, then change your password.`}
    >
      {items.length > 0 ? (
        <ul role="list" className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Sessions">
          {items.map((s) => (
            <li key={s.id} data-session-id={s.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {s.device}
                  {s.current ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">This device</span> : null}
                </p>
                <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
                  {s.ipAddress ? (
                    <>
                      {s.ipAddress.endsWith("/64") ? "Network" : "Address"} {s.ipAddress} ·{" "}
                    </>
                  ) : null}
                  Last active <time dateTime={s.lastSeenAt}>{formatDateTime(s.lastSeenAt)}</time> · Signed in{" "}
                  <time dateTime={s.signedInAt}>{formatDateTime(s.signedInAt)}</time>
                </p>
              </div>
              {s.current ? null : <SignOutSessionButton sessionId={s.id} device={s.device} />}
            </li>
          ))}
        </ul>
      ) : (
        <ListEmptyState total={total} page={page} firstPageHref={href(1)} empty="No sessions." />
      )}
      <Pagination page={page} pageCount={pageCount} href={href} label="Session pages" />
      {others > 0 ? <SignOutOthersButton /> : null}
    </SecuritySection>
  );
}
