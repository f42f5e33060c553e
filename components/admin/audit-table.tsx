import Link from "next/link";
import { auditSentence } from "@/lib/audit/sentence";
import { AUDIT_SUBJECTS, auditHref, type AuditView } from "@/models/audit";
import { cellClass, TableFrame } from "./data-table";
import { formatDateTime } from "@/models/dates";

/** A value as one line of JSON, or an em dash when there is none. */
function compact(value: unknown): string {
  return value === null || value === undefined ? "—" : JSON.stringify(value);
}

/** "Every change to this order": the history of the thing an entry is about, unless the log shows only that already. */
function HistoryLink({ entry, showing }: { entry: AuditView; showing: string | undefined }) {
  const subject = AUDIT_SUBJECTS.find((candidate) => candidate.entity === entry.entity);
  if (!subject || showing === entry.entityId) return null;
  return (
    <p className="mt-1">
      <Link href={auditHref({ entity: subject.entity, entityId: entry.entityId })} className="font-semibold text-brand-dark underline underline-offset-2 hover:text-brand">
        Every change to this {subject.one}
      </Link>
    </p>
  );
}

/**
 * Who changed what, newest first, each entry told as a sentence; the raw values stay one click away,
 * with a link to the history of the thing it is about. `showing` is the thing whose history the log shows.
 */
export function AuditTable({ entries, showing }: { entries: AuditView[]; showing?: string | undefined }) {
  return (
    <TableFrame id="audit" caption="Audit log, newest first" minWidth="min-w-[40rem]" columns={["When", "What happened"]}>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-audit-id={entry.id} className="border-b border-slate-200 align-top last:border-b-0">
            <td className={`${cellClass} w-44 align-top text-sm whitespace-nowrap text-slate-700`}>
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </td>
            <th scope="row" className={`${cellClass} text-left align-top font-normal text-slate-900`}>
              <div className="min-w-0">
                <p className="[overflow-wrap:anywhere]">{auditSentence(entry)}</p>
                <details className="mt-1 text-xs text-slate-600">
                  <summary className="cursor-pointer rounded-sm">
                    Details<span className="sr-only"> of this entry</span>
                  </summary>
                  <p className="mt-1">
                    <code>{entry.action}</code> on {entry.entity} <code className="[overflow-wrap:anywhere]">{entry.entityId}</code>
                  </p>
                  <code className="mt-1 block rounded bg-slate-100 px-2 py-1 [overflow-wrap:anywhere] text-slate-800">
                    <span className="sr-only">Before: </span>
                    {compact(entry.before)}
                  </code>
                  <code className="mt-1 block rounded bg-orange-50 px-2 py-1 [overflow-wrap:anywhere] text-slate-900">
                    <span className="sr-only">After: </span>
                    {compact(entry.after)}
                  </code>
                  <HistoryLink entry={entry} showing={showing} />
                </details>
              </div>
            </th>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
