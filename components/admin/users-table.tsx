import Link from "next/link";
import type { UserView } from "@/lib/accounts/service";
import { auditHref } from "@/models/audit";
import { EmailAddress } from "@/components/ui/email-address";
import { cellClass, TableFrame } from "./data-table";
import { AccountStatusButton } from "./account-status-button";
import { RoleButton } from "./role-button";

/**
 * Make Admin's table: every account with its role and status; customers with a verified address and
 * an active account can be promoted (the server's rule), other admins demoted, and any other account
 * disabled (after a confirmation) or enabled again.
 */
export function UsersTable({ users, currentUserId, offset = 0 }: { users: UserView[]; currentUserId: string; offset?: number }) {
  return (
    <TableFrame id="users" caption="Accounts, oldest first" minWidth="min-w-[48rem]" columns={["#", "Email", "Name", "Role", "Status", "Action"]}>
      <tbody>
        {users.map((user, index) => {
          const admin = user.role === "admin";
          const self = user.id === currentUserId;
          return (
            <tr key={user.id} data-user-id={user.id} className="border-b border-slate-200 last:border-b-0">
              <td className={`${cellClass} text-slate-600`}>{offset + index + 1}</td>
              <th scope="row" className={`${cellClass} text-left font-semibold text-slate-900 [overflow-wrap:anywhere]`}>
                <EmailAddress email={user.email} />
              </th>
              <td className={`${cellClass} text-slate-800`}>{user.name}</td>
              <td className={cellClass}>
                {admin ? (
                  <span className="rounded-full bg-orange-100 px-2.5 py-1 text-sm font-semibold text-orange-900">Admin</span>
                ) : (
                  <span className="text-sm text-slate-700">Customer</span>
                )}
              </td>
              <td className={`${cellClass} text-sm`}>
                {user.disabled ? (
                  <span className="rounded-full bg-red-50 px-2.5 py-1 font-semibold text-red-800">Disabled</span>
                ) : (
                  <span className="text-slate-700">Active</span>
                )}
                {user.emailVerified ? null : <span className="block text-xs text-slate-600">Email not verified</span>}
              </td>
              <td className={cellClass}>
                <div className="flex flex-wrap gap-2">
                  {!admin ? (
                    user.disabled ? null : user.emailVerified ? (
                      <RoleButton userId={user.id} email={user.email} to="admin" />
                    ) : (
                      <span className="text-sm text-slate-600">Can be made admin once the email is verified</span>
                    )
                  ) : self ? (
                    <span className="text-sm text-slate-600">You</span>
                  ) : (
                    <RoleButton userId={user.id} email={user.email} to="customer" />
                  )}
                  {self ? null : <AccountStatusButton userId={user.id} email={user.email} disabled={user.disabled} />}
                  <Link href={auditHref({ entity: "user", entityId: user.id })} className="self-center text-sm font-semibold text-brand-dark underline underline-offset-2 hover:text-brand">
                    History<span className="sr-only"> of {user.email}</span>
                  </Link>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableFrame>
  );
}
