import Link from "next/link";
import { Avatar } from "@/components/auth/avatar";
import { ResendVerificationButton } from "@/components/account/resend-verification-button";
import type { Role } from "@/lib/accounts/actor";
import { formatCalendarDate, formatMonthYear } from "@/models/dates";
import { latestBirthday, type ProfileView as ProfileDetails } from "@/models/profile";
import { ProfileEditor } from "./profile-form";

type ProfileViewProps = {
  account: { name: string; email: string; imageUrl: string | null; role: Role; emailVerified: boolean };
  /** When the account was created ("Member since"); null if it could not be read. */
  memberSince: Date | null;
  profile: ProfileDetails;
};

function Detail({ label, value, format }: { label: string; value: string | null; format?: (value: string) => string }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-3 last:border-b-0 sm:flex-row sm:gap-6">
      <dt className="text-sm font-semibold text-slate-600 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">
        {value ? <span className="text-slate-900">{format ? format(value) : value}</span> : <span className="text-slate-600 italic">Not set yet</span>}
      </dd>
    </div>
  );
}

/** The shared content of /profile and /dashboard/myProfile: the account, the profile details and their editor. */
export function ProfileView({ account, memberSince, profile }: ProfileViewProps) {
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="profile-account-title"
        className="flex flex-col items-center gap-6 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:flex-row sm:items-center sm:text-left"
      >
        <Avatar src={account.imageUrl} name={account.name} size={112} />
        <div className="min-w-0">
          <h2 id="profile-account-title" className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">
            {account.name}
          </h2>
          <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{account.email}</p>
          <ul role="list" className="mt-3 flex flex-wrap justify-center gap-2 text-sm sm:justify-start">
            <li className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-3 py-1 font-semibold text-green-800 ring-1 ring-green-700/30">
              <span aria-hidden="true" className="size-2 rounded-full bg-green-700" />
              Status: Active
            </li>
            <li className="rounded-full bg-slate-100 px-3 py-1 font-semibold text-slate-800">
              Role: {account.role === "admin" ? "Admin" : "Customer"}
            </li>
            {memberSince ? (
              <li className="rounded-full bg-slate-100 px-3 py-1 font-semibold text-slate-800">Member since {formatMonthYear(memberSince)}</li>
            ) : null}
            <li className={`rounded-full px-3 py-1 font-semibold ${account.emailVerified ? "bg-green-50 text-green-800" : "bg-amber-50 text-amber-900"}`}>
              {account.emailVerified ? "Email verified" : "Email not verified"}
            </li>
          </ul>
          {account.emailVerified ? null : (
            <div className="mt-3 flex flex-col items-center gap-2 sm:flex-row sm:items-center sm:gap-4">
              <p className="text-sm text-slate-700">Open the link we emailed you to confirm this address.</p>
              <ResendVerificationButton />
            </div>
          )}
          <Link href="/account/security" prefetch={false} className="mt-3 inline-block font-semibold text-brand underline underline-offset-2 hover:text-brand-dark">
            Sign-in &amp; security
          </Link>
        </div>
      </section>

      <section aria-labelledby="profile-details-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <ProfileEditor
          profile={profile}
          maxBirthday={latestBirthday()}
          title={
            <h2 id="profile-details-title" className="text-xl font-bold text-slate-900">
              Contact details
            </h2>
          }
        >
          <dl className="mt-4" data-testid="profile-details">
            <Detail label="Contact number" value={profile.phone} />
            <Detail label="Address" value={profile.address} />
            <Detail label="Birthday" value={profile.birthday} format={formatCalendarDate} />
            <Detail label="Education" value={profile.education} />
          </dl>
        </ProfileEditor>
      </section>
    </div>
  );
}
