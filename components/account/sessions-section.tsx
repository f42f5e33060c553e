import { formatDateTime } from "@/components/admin/format";
import { listSessions } from "@/lib/accounts/sessions";
import { SecuritySection, type SecuritySectionProps } from "./security-section";
import { SignOutOthersButton, SignOutSessionButton } from "./session-buttons";

/** Where the account is signed in: device, address, last seen; sign out one or all the others. */
export async function SessionsSection({ actor }: SecuritySectionProps) {
  const { items, total } = await listSessions(actor);
  const others = items.filter((s) => !s.current).length;
  return (
    <SecuritySection
      id="sessions"
      title="Where you're signed in"
      description={`${total === 1 ? "1 session" : `${total} sessions`}. Sign out of any you don't recognise, then change your password.`}
    >
      <ul role="list" className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Sessions">
        {items.map((s) => (
          <li key={s.id} data-session-id={s.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {s.device}
                {s.current ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">This device</span> : null}
              </p>
              <p className="text-sm text-slate-700">
                {s.ipAddress ? <>Address {s.ipAddress} · </> : null}
                Last active <time dateTime={s.lastSeenAt}>{formatDateTime(s.lastSeenAt)}</time> · Signed in{" "}
                <time dateTime={s.signedInAt}>{formatDateTime(s.signedInAt)}</time>
              </p>
            </div>
            {s.current ? null : <SignOutSessionButton sessionId={s.id} device={s.device} />}
          </li>
        ))}
      </ul>
      {total > items.length ? <p className="mt-2 text-sm text-slate-600">Showing the {items.length} most recent.</p> : null}
      {others > 0 ? <SignOutOthersButton /> : null}
    </SecuritySection>
  );
}
