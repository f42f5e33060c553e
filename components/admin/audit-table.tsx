import type { AuditView } from "@/lib/audit/service";
import { cellClass, TableFrame } from "./data-table";
import { formatDateTime } from "./format";

const actionLabels: Record<string, string> = {
  "order.delete": "Order deleted",
  "order.shipping": "Shipping changed",
  "product.create": "Product added",
  "product.update": "Product updated",
  "product.delete": "Product deleted",
  "user.role": "Role changed",
  "user.disabled": "Account disabled",
  "user.enabled": "Account enabled",
  "user.email-verified": "Email verified",
  "user.email-changed": "Email changed",
  "user.password-changed": "Password changed",
  "user.password-reset": "Password reset",
  "user.deleted": "Account deleted",
  "review.hide": "Review hidden",
  "review.show": "Review shown",
};

/** A value as one line of JSON, or an em dash when there is none. */
function compact(value: unknown): string {
  return value === null || value === undefined ? "—" : JSON.stringify(value);
}

/** Who changed what, newest first, with the values before and after. */
export function AuditTable({ entries }: { entries: AuditView[] }) {
  return (
    <TableFrame id="audit" caption="Audit log, newest first" minWidth="min-w-[56rem]" columns={["When", "Who", "Action", "Entity", "Before → after"]}>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-audit-id={entry.id} className="border-b border-slate-200 align-top last:border-b-0">
            <td className={`${cellClass} align-top text-sm whitespace-nowrap text-slate-700`}>
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </td>
            <td className={`${cellClass} align-top text-sm break-all text-slate-900`}>{entry.actorEmail ?? (entry.actorId === "system:admin-emails" ? "ADMIN_EMAILS (configuration)" : `Deleted account (${entry.actorId})`)}</td>
            <th scope="row" className={`${cellClass} text-left align-top text-sm font-semibold whitespace-nowrap text-slate-900`}>
              {actionLabels[entry.action] ?? entry.action}
              <code className="block text-xs font-normal text-slate-600">{entry.action}</code>
            </th>
            <td className={`${cellClass} align-top text-sm text-slate-800`}>
              <span className="capitalize">{entry.entity}</span>
              <code className="block text-xs break-all text-slate-600">{entry.entityId}</code>
            </td>
            <td className={`${cellClass} max-w-lg align-top text-xs`}>
              <code className="block rounded bg-slate-100 px-2 py-1 break-all text-slate-800">
                <span className="sr-only">Before: </span>
                {compact(entry.before)}
              </code>
              <span aria-hidden="true" className="my-0.5 block pl-2 text-slate-600">
                ↓
              </span>
              <code className="block rounded bg-orange-50 px-2 py-1 break-all text-slate-900">
                <span className="sr-only">After: </span>
                {compact(entry.after)}
              </code>
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
