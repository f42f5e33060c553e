import { z } from "zod";
import { readQueryText } from "./catalog-limits";
import { pageQuerySchema, type PageQuery } from "./paging";

/** The kinds of thing an audit entry is about, with the words the log's filter shows for each. */
export const AUDIT_SUBJECTS = [
  { entity: "order", label: "Orders", one: "order" },
  { entity: "product", label: "Products", one: "product" },
  { entity: "user", label: "Accounts and roles", one: "account" },
  { entity: "review", label: "Reviews", one: "review" },
  { entity: "payment", label: "Payments", one: "payment" },
  { entity: "message", label: "Contact messages", one: "contact message" },
  { entity: "subscriber", label: "Newsletter subscribers", one: "newsletter subscriber" },
] as const;

export type AuditSubject = (typeof AUDIT_SUBJECTS)[number]["entity"];

const subjectNames = AUDIT_SUBJECTS.map((subject) => subject.entity) as [AuditSubject, ...AuditSubject[]];

/** Rows on a page of the audit log unless its URL asks for another size. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * The audit log's query: a page of it, of one kind of thing (`entity`), or the history of one thing
 * (`entity` and `entityId`, such as an order's id).
 */
export const auditListQuerySchema = pageQuerySchema(AUDIT_PAGE_SIZE)
  .extend({
    entity: z.enum(subjectNames, { error: `Entity must be one of ${subjectNames.join(", ")}` }).optional(),
    entityId: z
      .string()
      .trim()
      .max(100, "Entity id must be at most 100 characters")
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((query) => !query.entityId || query.entity, { message: "Send entity with entityId: the kind of thing the id is of", path: ["entity"] });

/** An entry of the audit log as the API and the page show it: who (id and, while the account lives, address), what, on which thing, before and after. */
export type AuditView = {
  id: string;
  actorId: string;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};

export type AuditFilter = { entity?: AuditSubject | undefined; entityId?: string | undefined };
export type AuditListQuery = PageQuery & AuditFilter;

/** The kind named in a URL, or none for a value the log does not know. */
export function auditSubjectOf(value: unknown): AuditSubject | undefined {
  return subjectNames.find((name) => name === value);
}

export const AUDIT_PATH = "/dashboard/audit";

/** The audit log's address for a kind of thing, or one thing's history: `/dashboard/audit?entity=order&entityId=…`. */
export function auditHref(filter: AuditFilter): string {
  const params = new URLSearchParams();
  if (filter.entity) params.set("entity", filter.entity);
  if (filter.entity && filter.entityId) params.set("entityId", filter.entityId);
  const search = params.toString();
  return search ? `${AUDIT_PATH}?${search}` : AUDIT_PATH;
}

/**
 * The filter a URL of the audit log asks for (`?entity=&entityId=`, as auditHref writes it). A kind the
 * log does not know shows everything rather than failing the page; an id without its kind is ignored.
 */
export function readAuditFilter(params: Record<string, string | string[] | undefined>): AuditFilter {
  const read = (value: string | string[] | undefined) => readQueryText((Array.isArray(value) ? value[0] : value) ?? "", 100);
  const entity = auditSubjectOf(read(params.entity));
  const entityId = read(params.entityId);
  return entity ? { entity, entityId: entityId || undefined } : {};
}
