import { auditHref, auditListQuerySchema, readAuditFilter } from "./audit";

describe("the audit log's address", () => {
  it("writes a kind, or one thing's history, and reads back what it wrote", () => {
    expect(auditHref({})).toBe("/dashboard/audit");
    expect(auditHref({ entity: "order" })).toBe("/dashboard/audit?entity=order");
    expect(auditHref({ entity: "user", entityId: "usr_1" })).toBe("/dashboard/audit?entity=user&entityId=usr_1");
    const params = Object.fromEntries(new URL(`http://shop.test${auditHref({ entity: "product", entityId: "prd_9" })}`).searchParams);
    expect(readAuditFilter(params)).toEqual({ entity: "product", entityId: "prd_9" });
  });

  it("never writes an id without its kind", () => {
    expect(auditHref({ entityId: "ord_1" })).toBe("/dashboard/audit");
  });

  it("reads an unknown kind, or an id alone, as the whole log rather than failing the page", () => {
    expect(readAuditFilter({ entity: "invoice", entityId: "inv_1" })).toEqual({});
    expect(readAuditFilter({ entityId: "ord_1" })).toEqual({});
    expect(readAuditFilter({ entity: ["order", "user"], entityId: "  " })).toEqual({ entity: "order", entityId: undefined });
    // A NUL PostgreSQL cannot compare is read as a space, like a search's.
    expect(readAuditFilter({ entity: "order", entityId: "\0" })).toEqual({ entity: "order", entityId: undefined });
    expect(readAuditFilter({ entity: "order\0", entityId: "ord_1\0" })).toEqual({ entity: "order", entityId: "ord_1" });
  });

  it("the API's query refuses the same two with a message", () => {
    expect(auditListQuerySchema.safeParse({ entity: "invoice" }).success).toBe(false);
    expect(auditListQuerySchema.safeParse({ entityId: "ord_1" }).error?.issues[0]?.message).toBe("Send entity with entityId: the kind of thing the id is of");
    expect(auditListQuerySchema.parse({ entity: "order", entityId: "ord_1" })).toMatchObject({ entity: "order", entityId: "ord_1", page: 1, pageSize: 50 });
  });
});
