import Link from "next/link";
import { buttonClasses, textLinkClass } from "@/components/ui/button";
import { filterFieldClass } from "./filter-field";
import { AUDIT_PATH, AUDIT_SUBJECTS, auditHref, type AuditFilter } from "@/models/audit";

type AuditFilterFormProps = { filter: AuditFilter; subjectName: string | null; pageSize?: number | undefined };

/**
 * The audit log's filter: a plain GET form (it works without JavaScript) choosing the kind of thing,
 * and, when the log shows one thing's history, what that thing is with the ways out of it.
 */
export function AuditFilterForm({ filter, subjectName, pageSize }: AuditFilterFormProps) {
  const subject = AUDIT_SUBJECTS.find((candidate) => candidate.entity === filter.entity);
  return (
    <div className="mb-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <form method="get" action={AUDIT_PATH} role="search" aria-label="Filter the audit log" className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5 sm:w-64">
          <label htmlFor="audit-entity" className="text-sm font-semibold text-slate-900">
            Changes to
          </label>
          <select id="audit-entity" name="entity" defaultValue={filter.entity ?? ""} className={filterFieldClass}>
            <option value="">Everything</option>
            {AUDIT_SUBJECTS.map((option) => (
              <option key={option.entity} value={option.entity}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {pageSize !== undefined ? <input type="hidden" name="pageSize" value={pageSize} /> : null}
        <div className="flex gap-3">
          <button type="submit" className={buttonClasses("primary", "md")}>
            Show
          </button>
          {filter.entity ? (
            <Link href={AUDIT_PATH} className={buttonClasses("secondary", "md")}>
              Show everything
            </Link>
          ) : null}
        </div>
      </form>
      {subject && filter.entityId ? (
        <p className="mt-4 border-t border-slate-200 pt-4 text-slate-900">
          Only the history of {subjectName ?? `${subject.one} ${filter.entityId}`}.{" "}
          <Link href={auditHref({ entity: subject.entity })} className={textLinkClass}>
            Every change to {subject.label.toLowerCase()}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
