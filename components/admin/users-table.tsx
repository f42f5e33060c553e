import type { UserView } from "@/lib/accounts/service";
import { cellClass, TableFrame, TableHead } from "./data-table";
import { RoleButton } from "./role-button";

/** Make Admin's table: every account with its role; customers can be promoted, other admins demoted. */
export function UsersTable({ users, currentUserId }: { users: UserView[]; currentUserId: string }) {
  return (
    <TableFrame id="users" caption="Accounts, oldest first" minWidth="min-w-[40rem]">
      <TableHead columns={["#", "Email", "Name", "Role", "Action"]} />
      <tbody>
        {users.map((user, index) => {
          const admin = user.role === "admin";
          const self = user.id === currentUserId;
          return (
            <tr key={user.id} data-user-id={user.id} className="border-b border-slate-200 last:border-b-0">
              <td className={`${cellClass} text-slate-600`}>{index + 1}</td>
              <th scope="row" className={`${cellClass} text-left font-semibold break-all text-slate-900`}>
                {user.email}
              </th>
              <td className={`${cellClass} text-slate-800`}>{user.name}</td>
              <td className={cellClass}>
                {admin ? (
                  <span className="rounded-full bg-orange-100 px-2.5 py-1 text-sm font-semibold text-orange-900">Admin</span>
                ) : (
                  <span className="text-sm text-slate-700">Customer</span>
                )}
              </td>
              <td className={cellClass}>
                {!admin ? (
                  <RoleButton userId={user.id} email={user.email} to="admin" />
                ) : self ? (
                  <span className="text-sm text-slate-600">You</span>
                ) : (
                  <RoleButton userId={user.id} email={user.email} to="customer" />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableFrame>
  );
}
