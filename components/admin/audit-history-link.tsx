import Link from "next/link";
import { textLinkClass } from "@/components/ui/button";
import { auditHref, AUDIT_SUBJECTS, type AuditSubject } from "@/models/audit";
import { countOf } from "@/models/count";

/**
 * "Who changed this order: 3 changes", linking to the thing's history in the audit log; a plain
 * sentence when the log holds nothing about it, so that no admin opens an empty page.
 */
export function AuditHistoryLink({ entity, entityId, changes }: { entity: AuditSubject; entityId: string; changes: number }) {
  const one = AUDIT_SUBJECTS.find((subject) => subject.entity === entity)?.one ?? entity;
  if (changes === 0) return <span className="text-sm text-slate-700">Nothing in the audit log about this {one} yet.</span>;
  return (
    <Link href={auditHref({ entity, entityId })} className={`${textLinkClass} text-sm`}>
      Who changed this {one}: {countOf(changes, "change", "changes")}
      <span className="sr-only"> in the audit log</span>
    </Link>
  );
}
