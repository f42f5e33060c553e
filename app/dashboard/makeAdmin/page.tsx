import type { Metadata } from "next";
import { AdminPageHeader, EmptyState } from "@/components/admin/data-table";
import { UsersTable } from "@/components/admin/users-table";
import { requirePageActor } from "@/components/auth/session";
import { ForbiddenMessage } from "@/components/dashboard/forbidden-message";
import { listUsers } from "@/lib/accounts/users";

export const metadata: Metadata = { title: "Make Admin", robots: { index: false } };

export default async function MakeAdminPage() {
  const actor = await requirePageActor("/dashboard/makeAdmin");
  if (actor.role !== "admin") return <ForbiddenMessage />;

  const users = await listUsers(actor);
  const admins = users.filter((user) => user.role === "admin").length;

  return (
    <>
      <AdminPageHeader title="Make Admin">
        {users.length === 1 ? "1 account" : `${users.length} accounts`}, {admins === 1 ? "1 admin" : `${admins} admins`}. Admins can
        manage orders, products and roles; a change applies on that person&apos;s next click.
      </AdminPageHeader>
      {users.length === 0 ? <EmptyState title="No accounts yet." /> : <UsersTable users={users} currentUserId={actor.userId} />}
    </>
  );
}
