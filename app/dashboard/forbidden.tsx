import { ForbiddenMessage } from "@/components/dashboard/forbidden-message";

/** What `forbidden()` (components/auth/session.ts requirePageAdmin) shows inside the dashboard, with HTTP 403. */
export default function DashboardForbidden() {
  return <ForbiddenMessage />;
}
